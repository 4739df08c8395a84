import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CountBadge } from './count-badge';
import { submissionKinds, type SubmissionKind } from '../api/submission-schema';

const labels: Record<SubmissionKind, string> = { booking: 'Booking', onboarding: 'Onboarding' };

interface KindTabsProps {
  kind: SubmissionKind;
  onChange: (kind: SubmissionKind) => void;
  aside?: ReactNode;
  /** New submissions per kind (the console's badges). */
  counts?: Partial<Record<SubmissionKind, number>>;
  children: ReactNode;
}

/** WAI-ARIA tabs over the submission kinds; only the active panel is mounted. */
export function KindTabs({ kind, onChange, aside, counts, children }: KindTabsProps) {
  const refs = useRef<Partial<Record<SubmissionKind, HTMLButtonElement | null>>>({});

  const onKeyDown = (e: KeyboardEvent) => {
    const i = submissionKinds.indexOf(kind);
    const last = submissionKinds.length - 1;
    const target = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const next = submissionKinds[target]!;
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-700 px-4 sm:px-5">
        <div role="tablist" aria-label="Submission kind" className="flex gap-1">
          {submissionKinds.map((k) => (
            <button
              key={k}
              ref={(el) => {
                refs.current[k] = el;
              }}
              type="button"
              role="tab"
              onKeyDown={onKeyDown}
              id={`admin-tab-${k}`}
              aria-selected={k === kind}
              aria-controls="admin-tabpanel"
              tabIndex={k === kind ? 0 : -1}
              onClick={() => onChange(k)}
              className={`-mb-px border-b-2 px-3 py-3 text-sm font-semibold transition-colors ${
                k === kind ? 'border-brand-400 text-white' : 'border-transparent text-slate-400 hover:text-white'
              }`}
            >
              {labels[k]}
              <CountBadge n={counts?.[k]} />
            </button>
          ))}
        </div>
        {aside}
      </div>
      <div role="tabpanel" id="admin-tabpanel" aria-labelledby={`admin-tab-${kind}`}>
        {children}
      </div>
    </div>
  );
}
