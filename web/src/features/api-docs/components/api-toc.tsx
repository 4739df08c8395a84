import type { ApiReference } from '../lib/model';

const link = 'block rounded px-2 py-1 text-slate-300 hover:bg-ink-800 hover:text-white';

/** The table of contents: every group and endpoint, then the schemas, as in-page links. */
export function ApiToc({ reference }: { reference: ApiReference }) {
  return (
    <nav aria-labelledby="api-toc-title" className="text-sm">
      <h2 id="api-toc-title" className="px-2 text-xs font-semibold uppercase tracking-wider text-slate-400">
        On this page
      </h2>
      <ul className="mt-3 space-y-4">
        <li>
          <a href="#overview" className={`${link} font-semibold text-white`}>
            Overview
          </a>
        </li>
        {reference.groups.map((g) => (
          <li key={g.id}>
            <a href={`#${g.id}`} className={`${link} font-semibold text-white`}>
              {g.name}
            </a>
            <ul className="mt-1 space-y-0.5">
              {g.operations.map((op) => (
                <li key={op.id}>
                  <a href={`#${op.id}`} className={`${link} break-all font-mono text-xs`}>
                    <span className="mr-1.5 font-bold text-slate-400">{op.method}</span>
                    {op.path}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {reference.schemas.length > 0 && (
          <li>
            <a href="#schemas" className={`${link} font-semibold text-white`}>
              Schemas
            </a>
            <ul className="mt-1 space-y-0.5">
              {reference.schemas.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className={`${link} font-mono text-xs`}>
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        )}
      </ul>
    </nav>
  );
}
