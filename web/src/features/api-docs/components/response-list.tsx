import type { HeaderView, ResponseView } from '../lib/model';
import { SchemaBlock } from './schema-fields';
import { SchemaType } from './schema-type';

const subheading = 'text-sm font-semibold uppercase tracking-wide text-slate-400';

function StatusCode({ status, error }: { status: string; error: boolean }) {
  const color = error ? 'text-rose-300 ring-rose-400/40' : 'text-emerald-300 ring-emerald-400/40';
  return <span className={`rounded px-1.5 py-0.5 font-mono text-xs font-bold ring-1 ${color}`}>{status}</span>;
}

function Headers({ headers }: { headers: readonly HeaderView[] }) {
  if (headers.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-xs text-slate-400">
      {headers.map((h) => (
        <li key={h.name}>
          Header <code className="text-slate-200">{h.name}</code> <SchemaType schema={h.schema} />
          {h.description && <> · {h.description}</>}
        </li>
      ))}
    </ul>
  );
}

/** Successful answers, each with its status, meaning and full shape. */
export function SuccessResponses({ responses }: { responses: readonly ResponseView[] }) {
  if (responses.length === 0) return null;
  return (
    <div>
      <h4 className={subheading}>Responses</h4>
      <ul className="mt-2 space-y-4">
        {responses.map((r) => (
          <li key={r.status} className="rounded-lg border border-ink-700 bg-ink-900/60 p-4">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-200">
              <StatusCode status={r.status} error={false} />
              {r.description}
              {r.contentType && <code className="text-xs text-slate-400">{r.contentType}</code>}
            </p>
            <Headers headers={r.headers} />
            {r.schema && (
              <div className="mt-3">
                <SchemaBlock schema={r.schema} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Error answers: status, when it happens and the body's shape. */
export function ErrorResponses({ responses }: { responses: readonly ResponseView[] }) {
  if (responses.length === 0) return null;
  return (
    <div>
      <h4 className={subheading}>Errors</h4>
      <ul className="mt-2 divide-y divide-ink-700 rounded-lg border border-ink-700 bg-ink-900/60">
        {responses.map((r) => (
          <li key={r.status} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 text-sm text-slate-300">
            <StatusCode status={r.status} error />
            <span className="min-w-0 flex-1">{r.description}</span>
            {r.schema && <SchemaType schema={r.schema} />}
            {r.headers.length > 0 && (
              <span className="basis-full pl-12">
                <Headers headers={r.headers} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
