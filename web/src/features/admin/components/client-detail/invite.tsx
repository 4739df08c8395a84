import { useCreateInvite } from '../../api/create-invite';
import type { Client } from '../../api/client-schema';
import { primaryButton, secondaryButton } from '@/components/ui/form-styles';

/** "Create invite": the link the client's person opens to set a password. */
export function Invite({ client }: { client: Client }) {
  const invite = useCreateInvite(client.id);
  const contact = client.contact?.status === 'joined' ? null : client.contact;
  return (
    <section aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="text-lg font-semibold text-white">
        Client portal
      </h3>
      <button type="button" className={`${primaryButton} mt-2`} disabled={invite.isPending} onClick={() => invite.mutate(contact?.email)}>
        Create invite link
      </button>
      <p className="mt-1 text-sm text-slate-400">
        {contact ? `For ${contact.name || contact.email} (${contact.email}), ${contact.status}.` : 'The invitee gives their own email.'}
      </p>
      {invite.isError && (
        <p role="alert" className="mt-2 text-sm text-rose-200">
          {invite.error.message}
        </p>
      )}
      {invite.data && (
        <div className="mt-2 text-sm text-slate-300">
          <label htmlFor="invite-url">Invite link (single use, valid until {new Date(invite.data.expiresAt).toLocaleDateString()})</label>
          <div className="mt-1 flex gap-2">
            <input
              id="invite-url"
              readOnly
              value={invite.data.url}
              className="min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-900 px-3 py-2 text-white"
            />
            <button type="button" className={secondaryButton} onClick={() => void navigator.clipboard?.writeText(invite.data.url)}>
              Copy
            </button>
          </div>
          {invite.data.emailed && invite.data.email && <p role="status">Emailed to {invite.data.email}.</p>}
          {invite.data.emailError && <p role="alert">Not emailed ({invite.data.emailError}): pass the link on yourself.</p>}
        </div>
      )}
    </section>
  );
}
