/** Class names of the converter's text inputs and their labels and hints. */
export const inputClass =
  'w-full rounded-lg border border-ink-600 bg-ink-900 px-3 py-2.5 text-white placeholder-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 disabled:opacity-60';

export const labelClass = 'block text-sm font-medium text-white';

export const hintClass = 'mt-1 text-xs text-slate-400';
