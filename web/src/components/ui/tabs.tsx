import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** One tab and its panel. */
export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem[];
  /** Rendered beside the tab list (e.g. a status text). */
  aside?: ReactNode;
  className?: string;
  /** The shown tab's id when the caller owns it (e.g. kept in the address); uncontrolled when absent. */
  selected?: string;
  /** Called with the chosen tab's id (controlled use). */
  onSelect?: (id: string) => void;
  /** Lets the tabs wrap onto a second line on narrow screens instead of widening the page. */
  wrap?: boolean;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs
 * (wrapping), Home and End jump to the ends. Inactive panels stay in the
 * HTML but hidden, so the prerendered page holds every panel.
 */
export function Tabs({ label, items, aside, className = '', selected, onSelect, wrap = false }: TabsProps) {
  const [own, setOwn] = useState(0);
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = selected === undefined ? -1 : items.findIndex((item) => item.id === selected);
  const active = selected === undefined ? own : Math.max(chosen, 0);
  const setActive = (i: number) => {
    if (selected === undefined) setOwn(i);
    onSelect?.(items[i].id);
  };

  const select = (i: number) => {
    setActive(i);
    tabs.current[i]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const last = items.length - 1;
    const target = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    select(target);
  };

  return (
    <div className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-700 px-4 sm:px-5">
        <div role="tablist" aria-label={label} className={wrap ? 'flex flex-wrap gap-x-1' : 'flex gap-1'}>
          {items.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              onKeyDown={onKeyDown}
              id={`${base}-tab-${item.id}`}
              aria-selected={i === active}
              aria-controls={`${base}-panel-${item.id}`}
              tabIndex={i === active ? 0 : -1}
              onClick={() => setActive(i)}
              className={`-mb-px whitespace-nowrap border-b-2 px-2.5 py-3 text-sm font-semibold transition-colors sm:px-3 ${
                i === active ? 'border-brand-400 text-white' : 'border-transparent text-slate-400 hover:text-white'
              }`}
            >
              {item.label}
            </button>
          ))}
        </div>
        {aside}
      </div>
      {items.map((item, i) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${base}-panel-${item.id}`}
          aria-labelledby={`${base}-tab-${item.id}`}
          hidden={i !== active}
          tabIndex={0}
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
