/** A result figure with its context. */
export interface Metric {
  value: string;
  label: string;
  detail?: string;
}

/** A grid of headline results. */
export function GuideMetricGrid({ metrics }: { metrics: readonly Metric[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {metrics.map((m) => (
        <div key={m.label} className="flex flex-col rounded-2xl border border-ink-700 bg-ink-800/60 p-5">
          <dt className="order-2 mt-1 font-semibold text-white">{m.label}</dt>
          <dd className="order-1 text-3xl font-extrabold text-brand-300">{m.value}</dd>
          {m.detail && <dd className="order-3 mt-2 text-sm leading-6 text-slate-300">{m.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}
