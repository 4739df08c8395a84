import { useState } from 'react';
import { useUpdateClient } from '../../api/update-client';
import type { Client } from '../../api/client-schema';
import { ApiError } from '@/lib/admin/api-client';
import { inputClass, secondaryButton } from '@/components/ui/form-styles';

/**
 * The job boards of the client's target accounts (settings.jobBoards, one per line as
 * kind:token or kind:token=Company): ingest reads them with JOB_BOARDS's, and their new openings
 * become hiring posts for the client's agents (docs/clients.md §1).
 */
export function JobBoardsSection({ client }: { client: Client }) {
  const update = useUpdateClient(client.id);
  const saved = Array.isArray(client.settings?.jobBoards) ? (client.settings.jobBoards as string[]) : [];
  const [text, setText] = useState(saved.join('\n'));
  const error =
    update.error instanceof ApiError ? (update.error.fields['settings.jobBoards'] ?? update.error.message) : update.error?.message;
  return (
    <section aria-labelledby="job-boards-heading">
      <h3 id="job-boards-heading" className="text-lg font-semibold text-white">
        Target accounts&apos; job boards
      </h3>
      <p className="mt-1 text-sm text-slate-400">
        One per line: greenhouse:stripe, lever:netflix=Netflix or ashby:linear. New openings become hiring signals for this client&apos;s
        agents.
      </p>
      <label htmlFor="client-job-boards" className="sr-only">
        Job boards
      </label>
      <textarea
        id="client-job-boards"
        rows={3}
        className={`${inputClass} mt-2 font-mono text-sm`}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'client-job-boards-error' : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p id="client-job-boards-error" role="alert" className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
      <button
        type="button"
        className={`${secondaryButton} mt-2`}
        disabled={update.isPending}
        onClick={() =>
          update.mutate(
            {
              settings: {
                jobBoards: text
                  .split('\n')
                  .map((l) => l.trim())
                  .filter(Boolean),
              },
            },
            { onSuccess: (c) => setText(((c.settings?.jobBoards as string[] | undefined) ?? []).join('\n')) },
          )
        }
      >
        Save job boards
      </button>
      {update.isSuccess && <p className="mt-1 text-sm text-brand-300">Saved.</p>}
    </section>
  );
}
