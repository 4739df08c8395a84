import { useState } from 'react';
import { Bell } from 'lucide-react';
import { useMarkNoticeSeen } from '../api/mark-notice-seen';
import { useNotices } from '../api/list-notices';
import { formatDateTime } from '../lib/format';
import { secondaryButton } from '@/components/ui/form-styles';

/** The owner's notices: a bell with the unseen count, opening the list. */
export function NoticesBell() {
  const [open, setOpen] = useState(false);
  const notices = useNotices();
  const seen = useMarkNoticeSeen();
  const unseen = notices.data?.unseen ?? 0;

  return (
    <div className="relative">
      <button
        type="button"
        className={secondaryButton}
        aria-expanded={open}
        aria-controls="notices-list"
        aria-label={unseen ? `Notices, ${unseen} unseen` : 'Notices'}
        onClick={() => setOpen((o) => !o)}
      >
        <Bell aria-hidden="true" className="h-4 w-4" />
        {unseen > 0 && (
          <span data-testid="notices-badge" className="rounded-full bg-rose-500 px-1.5 text-xs font-bold text-white">
            {unseen}
          </span>
        )}
      </button>
      {open && (
        <div
          id="notices-list"
          className="absolute right-0 z-20 mt-2 w-80 max-w-[90vw] rounded-xl border border-ink-700 bg-ink-900 p-3 shadow-xl"
        >
          <h2 className="text-sm font-semibold text-white">Notices</h2>
          {notices.isError && (
            <p role="alert" className="mt-2 text-sm text-rose-200">
              Could not load the notices: {notices.error.message}
            </p>
          )}
          {notices.data && notices.data.notices.length === 0 && <p className="mt-2 text-sm text-slate-400">Nothing to report.</p>}
          <ul className="mt-2 max-h-96 space-y-2 overflow-y-auto">
            {notices.data?.notices.map((n) => (
              <li
                key={n.id}
                data-testid={`notice-${n.id}`}
                className={`rounded-lg p-2 text-sm ${n.seenAt ? 'text-slate-400' : 'bg-ink-800 text-slate-200'}`}
              >
                <p className="break-words">{n.text}</p>
                <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-400">
                  <span>{formatDateTime(n.createdAt)}</span>
                  {n.link && (
                    <a href={n.link} className="underline">
                      Open
                    </a>
                  )}
                  {!n.seenAt && (
                    <button type="button" className="underline" disabled={seen.isPending} onClick={() => seen.mutate(n.id)}>
                      Mark seen
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
