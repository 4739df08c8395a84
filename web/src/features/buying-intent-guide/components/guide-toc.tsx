import { SectionLink } from './section-link';

/** The guide's table of contents: one link per section. */
export function GuideToc({ entries }: { entries: readonly { id: string; label: string }[] }) {
  return (
    <nav aria-labelledby="toc-title" className="mx-auto max-w-7xl px-4 pt-12 sm:px-6">
      <div className="rounded-2xl border border-ink-700 bg-ink-800/60 p-6 md:p-8">
        <h2 id="toc-title" className="text-xl font-semibold text-white">
          In this guide
        </h2>
        <ol className="mt-4 grid gap-x-8 gap-y-1 sm:grid-cols-2 lg:grid-cols-4">
          {entries.map((entry, i) => (
            <li key={entry.id}>
              <SectionLink
                to={entry.id}
                className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-slate-200 transition-colors hover:bg-ink-700 hover:text-white"
              >
                <span aria-hidden="true" className="w-5 text-sm font-bold text-brand-400">
                  {i + 1}
                </span>
                {entry.label}
              </SectionLink>
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}
