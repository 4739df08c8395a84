import { useState } from 'react';
import { Checkbox, type CheckedState } from '@/components/ui/checkbox';
import { secondaryButton } from '@/components/ui/styles';

interface AiFirstChecklistProps {
  /** Prefix for element ids, unique on the page. */
  id: string;
  title: string;
  items: readonly string[];
}

/**
 * A phase checklist. Ticks live only in this page view (nothing is stored);
 * the "all" box is indeterminate while part of the list is done, and the
 * form's reset button clears everything back to its initial state.
 */
export function AiFirstChecklist({ id, title, items }: AiFirstChecklistProps) {
  const [done, setDone] = useState<readonly boolean[]>(() => items.map(() => false));
  const count = done.filter(Boolean).length;
  const all: CheckedState = count === 0 ? false : count === items.length ? true : 'indeterminate';
  const setItem = (index: number, value: boolean) => setDone((d) => d.map((v, i) => (i === index ? value : v)));

  return (
    <form
      aria-labelledby={`${id}-checklist-title`}
      onSubmit={(e) => e.preventDefault()}
      className="rounded-2xl border border-brand-400/30 bg-ink-800/60 p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-checklist-title`} className="text-lg font-semibold text-white">
          {title}
        </h3>
        <p aria-live="polite" className="text-sm text-slate-300">
          {count} of {items.length} done
        </p>
      </div>
      <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 border-b border-ink-700 pb-3 font-medium text-white">
        <Checkbox checked={all} onCheckedChange={(next) => setDone(items.map(() => next === true))} />
        Mark every item done
      </label>
      <ul className="mt-2 space-y-1">
        {items.map((item, i) => (
          <li key={item}>
            <label className="flex min-h-11 cursor-pointer items-start gap-3 py-2 leading-6 text-slate-200">
              <Checkbox checked={done[i] ?? false} onCheckedChange={(next) => setItem(i, next === true)} className="mt-0.5" />
              <span className={done[i] ? 'text-slate-400 line-through' : undefined}>{item}</span>
            </label>
          </li>
        ))}
      </ul>
      <button type="reset" className={`${secondaryButton} mt-4`}>
        Clear checklist
      </button>
    </form>
  );
}
