import type { FormSubmission } from '@/lib/form-submissions';
import { columns } from '../lib/csv';

const dash = '—';

function when(timestamp: string): string {
  const date = new Date(timestamp);
  return timestamp && !Number.isNaN(date.getTime()) ? date.toLocaleString() : timestamp || dash;
}

/** The nine-column table of local submissions; missing values show a dash. */
export function SubmissionsTable({ entries }: { entries: readonly FormSubmission[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-ink-700" tabIndex={0} role="region" aria-label="Submissions table">
      <table className="min-w-[64rem] w-full border-collapse text-left text-sm">
        <caption className="sr-only">Form submissions stored in this browser, oldest first</caption>
        <thead className="bg-ink-800 text-xs uppercase tracking-wide text-slate-400">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-700">
          {entries.map((entry, i) => (
            <tr key={`${entry.timestamp}-${i}`} className="align-top hover:bg-ink-800/60">
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={`px-4 py-3 ${c.key === 'timestamp' ? 'whitespace-nowrap text-slate-400' : 'max-w-[16rem] whitespace-pre-line break-words text-slate-200'}`}
                >
                  {c.key === 'timestamp' ? when(entry.timestamp) : entry[c.key] || dash}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
