import type { LeadStatus } from '../types';

const tones: Record<LeadStatus, string> = {
  'Ready to Buy': 'bg-red-500/15 text-red-300 ring-red-400/30',
  Hot: 'bg-orange-500/15 text-orange-300 ring-orange-400/30',
  Warm: 'bg-slate-500/15 text-slate-300 ring-slate-400/30',
};

/** Intent status in its colour (docs/product.md §4.5: Ready to Buy red, Hot orange, other grey). */
export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[status]}`}>
      {status}
    </span>
  );
}

/** Text colour of an intent score by status. */
export const scoreTone: Record<LeadStatus, string> = {
  'Ready to Buy': 'text-red-300',
  Hot: 'text-orange-300',
  Warm: 'text-slate-300',
};
