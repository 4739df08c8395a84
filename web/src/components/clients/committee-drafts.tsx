import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { secondaryButton } from '@/components/ui/form-styles';

// The buying committee's drafts: one account's read gives each person their seniority and a first
// message of their own (docs/api.md "Accounts"); fetched when asked for.

const committeeSchema = z.object({
  id: z.string(),
  people: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      seniority: z.string().optional(),
      draft: z.object({ templateId: z.string(), subject: z.string(), body: z.string() }).optional(),
    }),
  ),
});

/** A button that reads the account at url and shows a draft per person. */
export function CommitteeDrafts({ url }: { url: string }) {
  const [open, setOpen] = useState(false);
  const account = useQuery({
    queryKey: ['account-committee', url],
    queryFn: () => apiRequest(url, { schema: committeeSchema }),
    enabled: open,
  });
  if (!open)
    return (
      <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setOpen(true)}>
        Draft for each person
      </button>
    );
  if (account.isPending) return <p className="mt-2 text-sm text-slate-400">Writing drafts…</p>;
  if (account.isError)
    return (
      <p role="alert" className="mt-2 text-sm text-rose-200">
        {account.error.message}
      </p>
    );
  return (
    <ul className="mt-2 space-y-3" aria-label="Drafts for the buying committee">
      {account.data.people
        .filter((p) => p.draft)
        .map((p) => (
          <li key={p.name} className="rounded-lg border border-ink-700 p-3">
            <p className="font-semibold text-slate-200">
              {p.name}
              {p.title && `, ${p.title}`}
              {p.seniority && <span className="ml-2 text-xs font-normal text-slate-400">{p.seniority}</span>}
            </p>
            <p className="mt-1 text-slate-300">Subject: {p.draft!.subject}</p>
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-300">{p.draft!.body}</p>
          </li>
        ))}
    </ul>
  );
}
