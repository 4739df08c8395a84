import { useEffect, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { toast, Toaster } from 'sonner';
import { clientPageUrl, createAgent, createClient, getClients, getTemplates } from '../api/activate-agent';
import { demoKeys } from '../api/query-keys';
import { inputClass, primaryButton } from '@/components/ui/form-styles';

const NEW_CLIENT = '__new__';

export interface ActivateTarget {
  /** The monitoring card's id. */
  id: string;
  title: string;
  /** The campaign template the card stands for. */
  template: string;
}

interface ActivateAgentDialogProps {
  target: ActivateTarget | null;
  onClose: () => void;
  /** Called with the card's id once its agent exists. */
  onActivated: (cardId: string) => void;
}

/**
 * With an admin session, Activate Agent makes a real agent: pick a client (or
 * name a new one) and a campaign template, then POST
 * /api/admin/clients/{id}/agents {"template"}. A toast names the agent and
 * links to the client's page in the console. Loaded only for admins.
 */
export default function ActivateAgentDialog({ target, onClose, onActivated }: ActivateAgentDialogProps) {
  const open = target !== null;
  const clients = useQuery({ queryKey: demoKeys.clients(), queryFn: getClients, enabled: open });
  const templates = useQuery({ queryKey: demoKeys.templates(), queryFn: getTemplates, enabled: open, staleTime: Infinity });
  const [clientId, setClientId] = useState('');
  const [newName, setNewName] = useState('');
  const [template, setTemplate] = useState('');
  const qc = useQueryClient();

  useEffect(() => {
    if (target) setTemplate(target.template);
  }, [target]);
  // The first client is the default pick; with none, a new client.
  useEffect(() => {
    if (open && clients.data && clientId === '') setClientId(clients.data[0]?.id ?? NEW_CLIENT);
  }, [open, clients.data, clientId]);

  const activate = useMutation({
    mutationFn: async () => {
      const client = clientId === NEW_CLIENT ? await createClient(newName.trim()) : (clients.data ?? []).find((c) => c.id === clientId)!;
      const agent = await createAgent(client.id, template);
      return { client, agent };
    },
    onSuccess: ({ client, agent }) => {
      void qc.invalidateQueries({ queryKey: demoKeys.clients() });
      toast.success(`Agent “${agent.name}” is active for ${client.name}`, {
        description: (
          <a href={clientPageUrl(client.id)} className="font-semibold underline">
            Open {client.name} in the console
          </a>
        ),
      });
      if (target) onActivated(target.id);
      setNewName('');
      onClose();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    activate.mutate();
  };
  const ready = template !== '' && clientId !== '' && (clientId !== NEW_CLIENT || newName.trim() !== '');

  return (
    <>
      <Toaster visibleToasts={3} duration={8000} theme="dark" richColors position="top-center" />
      <Dialog.Root
        open={open}
        onOpenChange={(o) => {
          if (!o) {
            activate.reset();
            onClose();
          }
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-700 bg-ink-900 p-5 text-slate-200 shadow-2xl sm:p-6">
            <div className="flex items-start justify-between gap-4">
              <div>
                <Dialog.Title className="text-lg font-bold text-white">Activate {target?.title}</Dialog.Title>
                <Dialog.Description className="mt-1 text-sm text-slate-300">
                  Creates an always-on agent for a client from a campaign template.
                </Dialog.Description>
              </div>
              <Dialog.Close
                aria-label="Close"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-300 hover:bg-ink-700 hover:text-white"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
            </div>
            <form onSubmit={submit} className="mt-4 space-y-3">
              <label className="block text-sm text-slate-300">
                Client
                <select className={inputClass} value={clientId} onChange={(e) => setClientId(e.target.value)} disabled={clients.isPending}>
                  {clients.isPending && <option value="">Loading clients…</option>}
                  {clients.data?.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                  <option value={NEW_CLIENT}>New client…</option>
                </select>
              </label>
              {clientId === NEW_CLIENT && (
                <label className="block text-sm text-slate-300">
                  New client’s name
                  <input className={inputClass} value={newName} maxLength={200} onChange={(e) => setNewName(e.target.value)} />
                </label>
              )}
              <label className="block text-sm text-slate-300">
                Campaign template
                <select className={inputClass} value={template} onChange={(e) => setTemplate(e.target.value)}>
                  {(templates.data ?? (target ? [{ id: target.template, name: target.title }] : [])).map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </label>
              {(clients.isError || templates.isError || activate.isError) && (
                <p role="alert" className="text-sm text-rose-200">
                  {(activate.error ?? clients.error ?? templates.error)?.message}
                </p>
              )}
              <button type="submit" className={`${primaryButton} w-full`} disabled={!ready || activate.isPending}>
                {activate.isPending ? 'Activating…' : 'Activate'}
              </button>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
