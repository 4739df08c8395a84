import { BulletList } from '@/components/content/bullet-list';
import type { ReactNode } from 'react';
import { cardClass } from '@/components/ui/styles';

/** One numbered item: a pillar, an automation, a step. */
export interface NumberedItem {
  title: string;
  summary: string;
  points?: readonly string[];
}

interface GuideNumberedListProps {
  items: readonly NumberedItem[];
  /** Word read before the number by screen readers, e.g. "Pillar". */
  noun: string;
  /** Extra content per item, e.g. a table after the last pillar. */
  extra?: (item: NumberedItem, index: number) => ReactNode;
}

/** Numbered cards with h3 titles, a summary and bullet points. */
export function GuideNumberedList({ items, noun, extra }: GuideNumberedListProps) {
  return (
    <ol className="space-y-5">
      {items.map((item, i) => (
        <li key={item.title} className={`${cardClass} grid gap-4 p-6 md:grid-cols-[3rem_1fr] md:p-8`}>
          <span
            aria-hidden="true"
            className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-400/10 text-lg font-bold text-brand-300"
          >
            {i + 1}
          </span>
          <div className="min-w-0">
            <h3 className="text-xl font-semibold text-white">
              <span className="sr-only">
                {noun} {i + 1}:{' '}
              </span>
              {item.title}
            </h3>
            <p className="mt-2 max-w-3xl leading-7 text-slate-300">{item.summary}</p>
            {item.points && <BulletList items={item.points} className="mt-4 max-w-3xl space-y-2 text-slate-300" />}
            {extra?.(item, i)}
          </div>
        </li>
      ))}
    </ol>
  );
}
