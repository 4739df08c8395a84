import { cardClass } from '@/components/ui/styles';
import type { OperationView } from '../lib/model';
import { AuthBadge, AuthDetails } from './auth-badge';
import { MethodBadge } from './method-badge';
import { ErrorResponses, SuccessResponses } from './response-list';
import { SchemaBlock } from './schema-fields';
import { SchemaNotes } from './schema-notes';
import { SchemaType } from './schema-type';

const subheading = 'text-sm font-semibold uppercase tracking-wide text-slate-400';

function Parameters({ op }: { op: OperationView }) {
  if (op.parameters.length === 0) return null;
  return (
    <div>
      <h4 className={subheading}>Parameters</h4>
      <ul className="mt-2 divide-y divide-ink-700">
        {op.parameters.map((p) => (
          <li key={`${p.in}:${p.name}`} className="py-3">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="text-sm font-semibold text-white">{p.name}</code>
              <span className="text-xs text-slate-400">in {p.in}</span>
              <SchemaType schema={p.schema} />
              <span className={`text-xs ${p.required ? 'font-semibold text-amber-300' : 'text-slate-400'}`}>
                {p.required ? 'required' : 'optional'}
              </span>
            </div>
            <SchemaNotes schema={p.schema} description={p.description ?? p.schema.description} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function RequestBody({ op }: { op: OperationView }) {
  const body = op.requestBody;
  if (!body) return null;
  return (
    <div>
      <h4 className={subheading}>Request body</h4>
      <p className="mt-1 text-xs text-slate-400">
        <code>{body.contentType}</code> · {body.required ? 'required' : 'optional'}
      </p>
      {body.description && <p className="mt-1 text-sm text-slate-300">{body.description}</p>}
      {body.schema && (
        <div className="mt-3 rounded-lg border border-ink-700 bg-ink-900/60 p-4">
          <SchemaBlock schema={body.schema} />
        </div>
      )}
    </div>
  );
}

/** One endpoint: method and path, what it does, who may call it, what to send and what comes back. */
export function OperationCard({ op }: { op: OperationView }) {
  return (
    <article id={op.id} aria-labelledby={`${op.id}-title`} className={`${cardClass} scroll-mt-24 space-y-6 p-5 sm:p-6`}>
      <header>
        <h3 id={`${op.id}-title`} className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <MethodBadge method={op.method} />
          <code className="break-all text-base font-semibold text-white">{op.path}</code>
        </h3>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <p className="text-base font-medium text-slate-100">{op.summary}</p>
          <AuthBadge level={op.auth.level} />
          {op.deprecated && <span className="text-xs font-semibold text-rose-300">Deprecated</span>}
        </div>
        {op.description && <p className="mt-2 text-sm leading-6 text-slate-300">{op.description}</p>}
      </header>
      <div>
        <h4 className={subheading}>Authentication</h4>
        <div className="mt-2">
          <AuthDetails auth={op.auth} />
        </div>
      </div>
      <Parameters op={op} />
      <RequestBody op={op} />
      <SuccessResponses responses={op.responses.filter((r) => !r.error)} />
      <ErrorResponses responses={op.responses.filter((r) => r.error)} />
    </article>
  );
}
