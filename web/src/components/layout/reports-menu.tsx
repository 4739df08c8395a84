import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { reportMenuLinks } from './nav-links';

/**
 * The Reports dropdown: a disclosure button that shows links to the four
 * playbooks. Closes on Escape (returning focus to the button), on a click
 * outside, when focus leaves it, and after navigation.
 */
export function ReportsMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Reports menu"
        onClick={() => setOpen((v) => !v)}
        className="flex h-9 w-8 items-center justify-center rounded-md text-slate-300 hover:bg-ink-700 hover:text-white"
      >
        <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full z-40 mt-2 w-64 rounded-xl border border-ink-600 bg-ink-800 p-2 shadow-2xl"
      >
        {reportMenuLinks.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="block rounded-lg px-3 py-2 text-sm text-slate-200 hover:bg-ink-700 hover:text-white">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
