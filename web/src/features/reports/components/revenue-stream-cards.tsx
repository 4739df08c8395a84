import { cardClass } from '@/components/ui/styles';
import type { RevenueStream } from '../content/connector-playbook';

/** The connector playbook's three revenue streams: price, cadence, description and terms. */
export function RevenueStreamCards({ streams }: { streams: readonly RevenueStream[] }) {
  return (
    <ul className="grid gap-5 lg:grid-cols-3">
      {streams.map((s) => (
        <li key={s.title} className={`${cardClass} flex flex-col p-6`}>
          <h3 className="text-lg font-semibold text-white">{s.title}</h3>
          <p className="mt-3 text-3xl font-extrabold tracking-tight text-brand-300">{s.price}</p>
          <p className="text-sm text-slate-400">{s.cadence}</p>
          <p className="mt-4 text-sm leading-6 text-slate-300">{s.description}</p>
          <dl className="mt-5 space-y-3 border-t border-ink-700 pt-5">
            {s.terms.map((t) => (
              <div key={t.label}>
                <dt className="text-sm font-semibold text-white">{t.label}</dt>
                <dd className="mt-0.5 text-sm leading-6 text-slate-300">{t.detail}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
