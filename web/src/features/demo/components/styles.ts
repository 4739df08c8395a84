/** Class names shared by the demo's screens. */
export const card = 'rounded-2xl border border-ink-700 bg-ink-800/60';

export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-400 px-5 py-2.5 text-sm font-semibold text-ink-950 transition-colors hover:bg-brand-300 disabled:cursor-not-allowed disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300';

export const smallButton =
  'inline-flex min-h-9 items-center gap-1.5 rounded-md border border-ink-600 bg-ink-800 px-3 text-xs font-medium text-slate-200 transition-colors hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-brand-300 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 disabled:cursor-not-allowed disabled:opacity-50';

export const field =
  'min-h-11 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 text-sm text-white placeholder:text-slate-400 focus:border-brand-400 focus:outline-none';

export const label = 'mb-1.5 block text-sm font-medium text-slate-200';
