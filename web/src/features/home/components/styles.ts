/** Class names shared by the home page's sections. */
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-400 px-5 py-3 text-sm font-semibold text-ink-950 shadow-lg shadow-brand-500/20 transition-colors hover:bg-brand-300';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-ink-600 bg-ink-800/60 px-5 py-3 text-sm font-semibold text-white transition-colors hover:border-slate-500 hover:bg-ink-700';

export const smallButton =
  'inline-flex min-h-9 items-center gap-1.5 rounded-md border border-ink-600 bg-ink-800 px-3 text-xs font-medium text-slate-200 transition-colors hover:bg-ink-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-ink-800';

export const sectionClass = 'mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16';

export const cardClass = 'rounded-2xl border border-ink-700 bg-ink-800/60';
