import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { z } from 'zod';
import { apiRequest, ApiError } from '@/lib/admin/api-client';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { useUpdateClient } from '../api/update-client';
import type { Client } from '../api/client-schema';
import { adminKeys } from '../api/query-keys';

/** GET /api/admin/clients/{id}/categories (docs/api.md; docs/icp-fit.md "Software categories"). */
export const categoriesSchema = z.object({
  chosen: z.array(z.string()),
  mapped: z.array(z.object({ id: z.string(), name: z.string(), score: z.number(), because: z.array(z.string()) })),
  /** What the relevance model reads: at most three, of the choice or of the mapping. */
  read: z.array(z.string()),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** Under the client's query key, so a PATCH of the client refetches it. */
const categoriesKey = (clientId: string) => [...adminKeys.client(clientId), 'categories'] as const;

export const useClientCategories = (clientId: string) =>
  useQuery({
    queryKey: categoriesKey(clientId),
    queryFn: () => apiRequest(`/api/admin/clients/${clientId}/categories`, { schema: categoriesSchema }),
  });

/**
 * The software categories of the client's ICP: those mapped from its
 * competitors, tech stack, pain points and knowledge base (with why), the
 * owner's choice when there is one, and a picker over every category that
 * saves the choice as the ICP's `categories` (empty: back to the mapping).
 */
export function IcpCategories({ client }: { client: Client }) {
  const query = useClientCategories(client.id);
  const update = useUpdateClient(client.id);
  const [editing, setEditing] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [filter, setFilter] = useState('');
  const data = query.data;
  useEffect(() => {
    if (data && !editing) setPicked(data.chosen);
  }, [data, editing]);
  const names = useMemo(() => new Map((data?.categories ?? []).map((c) => [c.id, c.name])), [data]);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (data?.categories ?? []).filter((c) => !f || c.id.includes(f) || c.name.toLowerCase().includes(f) || picked.includes(c.id));
  }, [data, filter, picked]);

  const save = async (categories: string[]) => {
    const icp: Record<string, unknown> = { ...(client.icp ?? {}) };
    if (categories.length > 0) icp.categories = categories;
    else delete icp.categories;
    await update.mutateAsync({ icp });
    setEditing(false);
  };
  const fieldError =
    update.error instanceof ApiError ? (update.error.fields['icp.categories'] ?? update.error.message) : update.error?.message;

  return (
    <section aria-labelledby="icp-categories-heading" className="mt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id="icp-categories-heading" className="font-semibold text-white">
          Software categories
        </h4>
        {data && !editing && (
          <button type="button" className={`${secondaryButton} ml-auto`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Choose categories
          </button>
        )}
      </div>
      {query.isPending && <p className="text-sm text-slate-400">Loading the categories…</p>}
      {query.isError && (
        <p role="alert" className="text-sm text-rose-200">
          Could not load the categories: {query.error.message}
        </p>
      )}
      {data && (
        <>
          <p className="mt-1 text-sm text-slate-400">
            {data.chosen.length > 0
              ? `Chosen: ${data.chosen.map((id) => names.get(id) ?? id).join(', ')}. The mapping below is not used while a choice is saved.`
              : 'None chosen: the mapping below is used.'}
          </p>
          {(data.chosen.length > 0 || data.mapped.length > 0) && (
            <p className="mt-1 text-sm text-slate-300" data-testid="categories-read">
              {data.read.length > 0
                ? `Leads are judged with: ${data.read.map((id) => names.get(id) ?? id).join(', ')}.`
                : "No category is strong enough to judge leads with (a mapped one needs 50%): leads are judged on the ICP's own words."}
              {data.chosen.length > data.read.length && data.read.length > 0 && ' Only the first three chosen are read.'}
            </p>
          )}
          {data.mapped.length === 0 ? (
            <p className="mt-1 text-sm text-slate-400">
              The ICP maps to no category of the taxonomy: leads are judged on the ICP's own words (competitors, knowledge base, pain
              points). Choose categories if one fits.
            </p>
          ) : (
            <ol aria-label="Mapped categories" className="mt-2 space-y-1 text-sm">
              {data.mapped.map((m) => (
                <li key={m.id}>
                  <details>
                    <summary className="cursor-pointer text-slate-200">
                      {m.name} <span className="text-slate-400">({Math.round(m.score * 100)}%)</span>
                      {data.chosen.length === 0 && !data.read.includes(m.id) && <span className="text-slate-400"> · not used</span>}
                    </summary>
                    <ul className="ml-5 list-disc text-slate-400">
                      {m.because.map((b) => (
                        <li key={b}>{b}</li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ol>
          )}
          {editing && (
            <form
              className="mt-3 space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                void save(picked).catch(() => {});
              }}
            >
              <label htmlFor="icp-categories-filter" className="text-sm font-medium text-slate-200">
                Filter categories
              </label>
              <input id="icp-categories-filter" className={inputClass} value={filter} onChange={(e) => setFilter(e.target.value)} />
              <fieldset className="max-h-64 overflow-y-auto rounded border border-slate-700 p-2">
                <legend className="sr-only">Categories</legend>
                {shown.map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm text-slate-300">
                    <input
                      type="checkbox"
                      checked={picked.includes(c.id)}
                      onChange={(e) => setPicked((p) => (e.target.checked ? [...p, c.id] : p.filter((x) => x !== c.id)))}
                    />
                    {c.name}
                  </label>
                ))}
              </fieldset>
              {fieldError && (
                <p role="alert" className="text-sm text-rose-200">
                  {fieldError}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <button type="submit" className={primaryButton} disabled={update.isPending}>
                  Save categories
                </button>
                <button type="button" className={secondaryButton} disabled={update.isPending} onClick={() => void save([]).catch(() => {})}>
                  Use the mapping
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => {
                    setEditing(false);
                    setPicked(data.chosen);
                    update.reset();
                  }}
                >
                  Cancel
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
