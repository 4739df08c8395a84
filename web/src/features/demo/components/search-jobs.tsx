import type { SearchJob } from '../api/search-jobs';
import { card } from './styles';

const tone: Record<string, string> = {
  running: 'bg-yellow-500/15 text-yellow-300',
  complete: 'bg-emerald-500/15 text-emerald-300',
  failed: 'bg-red-500/15 text-red-300',
};

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/**
 * The signed-in admin's active and recent searches (docs/product.md §13.7):
 * when each ran, its state, the leads it found and how each source fared.
 */
export function SearchJobs({ jobs }: { jobs: readonly SearchJob[] }) {
  return (
    <section aria-labelledby="search-jobs-title" className={`${card} p-4`}>
      <h2 id="search-jobs-title" className="text-lg font-semibold text-white">
        Your searches
      </h2>
      {jobs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-300">No searches yet. Find Live Leads stores each search you run here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink-700">
          {jobs.map((j) => (
            <li key={j.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[j.status] ?? tone.running}`}>{j.status}</span>
              <span className="text-slate-200">{when(j.createdAt)}</span>
              <span className="text-slate-300">
                {j.leadCount} {j.leadCount === 1 ? 'lead' : 'leads'}
              </span>
              <span className="min-w-0 flex-1 truncate text-slate-400" title={j.queries.join(' · ')}>
                {Object.entries(j.sources)
                  .map(([name, state]) => `${name}: ${state}`)
                  .join(', ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
