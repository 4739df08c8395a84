import type { ToolCategory } from '../content/lead-scraping-directory';

/**
 * One category of the lead scraping directory: icon, title (h3), count label,
 * when to use it, and a grid of tool cards (h4 names, type, description, tags).
 */
export function ToolCategorySection({ category, index }: { category: ToolCategory; index: number }) {
  const { icon: Icon, id, title, count, useWhen, tools } = category;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-400/10 text-brand-300">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <h3 id={`${id}-title`} className="text-2xl font-bold text-white">
          <span className="text-slate-400">{index}.</span> {title}
        </h3>
        <span className="rounded-full border border-brand-400/30 px-3 py-1 text-xs font-semibold text-brand-300">{count}</span>
      </div>
      <p className="mt-3 max-w-3xl text-sm leading-6 text-slate-300">
        <span className="font-semibold text-white">Use when: </span>
        {useWhen}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((t) => (
          <li key={t.name} className="flex flex-col rounded-xl border border-ink-700 bg-ink-800/60 p-5">
            <h4 className="font-semibold text-white">{t.name}</h4>
            <p className="mt-0.5 text-xs font-medium uppercase tracking-wide text-brand-300">{t.type}</p>
            <p className="mt-2 flex-1 text-sm leading-6 text-slate-300">{t.description}</p>
            <ul aria-label={`${t.name} features`} className="mt-3 flex flex-wrap gap-1.5">
              {t.features.map((f) => (
                <li key={f} className="rounded-md bg-ink-700/70 px-2 py-0.5 text-xs text-slate-200">
                  {f}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
