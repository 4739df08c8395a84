import type { Client } from '../../api/client-schema';

/** The onboarding answers the mapping could not put in an ICP field (settings.unplaced), for the owner to place by hand. */
export function UnplacedAnswers({ client }: { client: Client }) {
  const raw = (client.settings as Record<string, unknown> | null | undefined)?.unplaced;
  const list = Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby={`unplaced-${client.id}`} className="mb-6 rounded-lg border border-amber-400/40 bg-amber-400/5 p-4">
      <h3 id={`unplaced-${client.id}`} className="text-base font-semibold text-amber-100">
        Onboarding answers not placed in the ICP
      </h3>
      <p className="mt-1 text-sm text-slate-300">
        These read as sentences, not as names of an industry or a title: put what fits in the ICP below.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-200">
        {list.map((u) => (
          <li key={u} className="break-words">
            {u}
          </li>
        ))}
      </ul>
    </section>
  );
}
