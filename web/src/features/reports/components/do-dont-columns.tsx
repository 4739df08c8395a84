import { CircleCheck, CircleX } from 'lucide-react';
import { cardClass } from '@/components/ui/styles';

/** One practice and why it matters. */
export interface Practice {
  title: string;
  detail: string;
}

interface DoDontColumnsProps {
  doTitle: string;
  doItems: readonly Practice[];
  dontTitle: string;
  dontItems: readonly Practice[];
}

/**
 * Two side-by-side lists (h3 each): what works and what to avoid. Generic for
 * any report that contrasts good and bad practice.
 */
export function DoDontColumns({ doTitle, doItems, dontTitle, dontItems }: DoDontColumnsProps) {
  const column = (title: string, items: readonly Practice[], good: boolean) => {
    const Icon = good ? CircleCheck : CircleX;
    return (
      <div className={`${cardClass} p-6 ${good ? 'border-brand-400/30' : 'border-rose-400/30'}`}>
        <h3 className="text-xl font-semibold text-white">{title}</h3>
        <ul className="mt-5 space-y-4">
          {items.map((p) => (
            <li key={p.title} className="flex gap-3">
              <Icon aria-hidden="true" className={`mt-0.5 h-5 w-5 shrink-0 ${good ? 'text-brand-300' : 'text-rose-300'}`} />
              <div>
                <p className="font-medium text-white">{p.title}</p>
                <p className="mt-1 text-sm leading-6 text-slate-300">{p.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  };
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {column(doTitle, doItems, true)}
      {column(dontTitle, dontItems, false)}
    </div>
  );
}
