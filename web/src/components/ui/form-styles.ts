/** Class names shared by the admin console's controls. */
export const inputClass =
  'mt-1.5 block w-full rounded-lg border border-ink-600 bg-ink-900 px-3 py-2.5 text-base text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 sm:text-sm';

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-400 px-4 py-2.5 text-sm font-semibold text-ink-950 transition-colors hover:bg-brand-300 disabled:cursor-not-allowed disabled:opacity-50';

export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-ink-600 px-3 py-2 text-sm font-semibold text-slate-200 transition-colors hover:border-slate-400 hover:text-white disabled:cursor-not-allowed disabled:opacity-40';
