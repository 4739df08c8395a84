import { useState } from 'react';
import { secondaryButton } from '@/components/ui/form-styles';
import { useUpdateAgent } from '../api/update-agent';
import type { Agent } from '../api/agent-schema';
import { useDeleteAgent } from '../api/delete-agent';
import { useDuplicateAgent } from '../api/duplicate-agent';

/** Pause or resume an agent, duplicate it (a paused copy), or delete it after a confirmation. */
export function AgentActions({ agent, clientId }: { agent: Agent; clientId: string }) {
  const update = useUpdateAgent(clientId, agent.id);
  const duplicate = useDuplicateAgent(clientId);
  const remove = useDeleteAgent(clientId);
  const [confirming, setConfirming] = useState(false);
  const failed = update.error ?? duplicate.error ?? remove.error;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={secondaryButton}
        disabled={update.isPending}
        onClick={() => update.mutate({ active: !agent.active })}
        aria-label={`${agent.active ? 'Pause' : 'Resume'} ${agent.name}`}
      >
        {agent.active ? 'Pause' : 'Resume'}
      </button>
      <button
        type="button"
        className={secondaryButton}
        disabled={duplicate.isPending}
        onClick={() => duplicate.mutate(agent.id)}
        aria-label={`Duplicate ${agent.name}`}
      >
        Duplicate
      </button>
      {confirming ? (
        <>
          <span className="text-sm text-amber-100">Delete {agent.name} and its run history? Its leads stay.</span>
          <button type="button" className={secondaryButton} disabled={remove.isPending} onClick={() => remove.mutate(agent.id)}>
            Yes, delete
          </button>
          <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setConfirming(true)} aria-label={`Delete ${agent.name}`}>
          Delete
        </button>
      )}
      {duplicate.isSuccess && (
        <span role="status" className="text-sm text-brand-300">
          Copied as {duplicate.data.name} (paused).
        </span>
      )}
      {failed && (
        <p role="alert" className="w-full text-sm text-rose-200">
          {failed.message}
        </p>
      )}
    </div>
  );
}
