/** Class names for the site's shared buttons, sections and cards. */
export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-400 px-5 py-3 text-sm font-semibold text-ink-950 shadow-lg shadow-brand-500/20 transition-colors hover:bg-brand-300';

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-ink-600 bg-ink-800/60 px-5 py-3 text-sm font-semibold text-white transition-colors hover:border-slate-500 hover:bg-ink-700';

export const sectionClass = 'mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16';

export const cardClass = 'rounded-2xl border border-ink-700 bg-ink-800/60';

/** Long-form text: readable measure and rhythm for articles and policies. */
export const proseClass =
  'max-w-3xl space-y-4 text-base leading-7 text-slate-300 [&_a]:text-brand-300 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-white [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-2';
