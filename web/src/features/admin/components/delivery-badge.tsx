import type { Delivery } from '../api/submission-schema';

const styles: Record<Delivery['state'], { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-400/15 text-amber-200 ring-amber-400/30' },
  delivered: { label: 'Delivered', className: 'bg-brand-400/15 text-brand-300 ring-brand-400/30' },
  failed: { label: 'Failed', className: 'bg-rose-400/15 text-rose-200 ring-rose-400/30' },
  stored_only: { label: 'Stored only', className: 'bg-slate-400/15 text-slate-300 ring-slate-400/30' },
};

/** The delivery state of a submission as a coloured label. */
export function DeliveryBadge({ state }: { state: Delivery['state'] }) {
  const s = styles[state];
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${s.className}`}
    >
      {s.label}
    </span>
  );
}
