import type { ReactNode } from 'react';

interface CtaBandProps {
  title: string;
  text: ReactNode;
  /** The calls to action (links or buttons). */
  actions: ReactNode;
}

/** The closing call-to-action block of a page. */
export function CtaBand({ title, text, actions }: CtaBandProps) {
  return (
    <section aria-label={title} className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <div className="rounded-3xl border border-brand-400/30 bg-gradient-to-br from-brand-500/15 via-ink-800 to-ink-800 px-6 py-12 text-center md:px-12">
        <h2 className="text-balance text-3xl font-bold tracking-tight text-white">{title}</h2>
        <div className="mx-auto mt-3 max-w-2xl text-slate-300">{text}</div>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </section>
  );
}
