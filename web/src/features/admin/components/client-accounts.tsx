import { useState } from 'react';
import { Download } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/admin/api-client';
import { inputClass, secondaryButton } from '@/components/ui/form-styles';
import { AccountList, accountPageSchema, accountSchema, type Account } from '@/components/clients/account-list';
import { adminKeys } from '../api/query-keys';

/** Merge one account into another of the client's (the server refuses itself, another client's, twice). */
function MergeControl({ clientId, account, all }: { clientId: string; account: Account; all: Account[] }) {
  const qc = useQueryClient();
  const [into, setInto] = useState('');
  const merge = useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/clients/${clientId}/accounts/${account.id}/merge`, { method: 'POST', body: { into }, schema: accountSchema }),
    onSuccess: (a) => {
      toast.success(`${account.name} merged into ${a.name}`);
      void qc.invalidateQueries({ queryKey: adminKeys.clientAccounts(clientId) });
    },
    onError: (e) => toast.error(e.message),
  });
  const others = all.filter((a) => a.id !== account.id);
  if (others.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={`merge-${account.id}`} className="text-slate-400">
        Same company as
      </label>
      <select id={`merge-${account.id}`} className={`${inputClass} w-auto`} value={into} onChange={(e) => setInto(e.target.value)}>
        <option value="">choose…</option>
        {others.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
            {a.domain ? ` (${a.domain})` : ''}
          </option>
        ))}
      </select>
      <button type="button" className={secondaryButton} disabled={!into || merge.isPending} onClick={() => merge.mutate()}>
        Merge
      </button>
    </div>
  );
}

/** The client's accounts for the owner, pending leads included, with merging. */
export function ClientAccounts({ clientId }: { clientId: string }) {
  const accounts = useQuery({
    queryKey: adminKeys.clientAccounts(clientId),
    queryFn: () => apiRequest(`/api/admin/clients/${clientId}/accounts?include=pending&limit=100`, { schema: accountPageSchema }),
  });
  if (accounts.isPending) return <p className="text-sm text-slate-400">Loading accounts…</p>;
  if (accounts.isError)
    return (
      <p role="alert" className="text-sm text-rose-200">
        {accounts.error.message}
      </p>
    );
  const list = accounts.data.accounts;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-white">Accounts</h3>
        <a href={`/api/admin/clients/${clientId}/accounts.csv?include=pending`} download className={secondaryButton}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </div>
      <p className="mb-3 mt-1 text-sm text-slate-400">
        The companies of this client&apos;s leads, best first, counting leads still in review (the client sees approved ones only).
      </p>
      <AccountList
        accounts={list}
        actions={(a) => <MergeControl clientId={clientId} account={a} all={list} />}
        accountUrl={(id) => `/api/admin/clients/${clientId}/accounts/${encodeURIComponent(id)}?include=pending`}
      />
    </div>
  );
}
