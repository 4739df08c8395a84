import { Download } from 'lucide-react';
import { AccountList } from '@/components/clients/account-list';
import { secondaryButton } from '@/components/ui/form-styles';
import { usePortalAccounts } from '../api/list-portal-accounts';

/** The client's accounts, best first, each with why now and its timeline. */
export function PortalAccounts() {
  const accounts = usePortalAccounts();
  if (accounts.isPending) return <p className="text-sm text-slate-400">Loading accounts…</p>;
  if (accounts.isError)
    return (
      <p role="alert" className="text-sm text-rose-200">
        {accounts.error.message}
      </p>
    );
  return (
    <section aria-labelledby="portal-accounts-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="portal-accounts-heading" className="text-2xl font-bold text-white">
          Accounts
        </h2>
        <a href="/api/client/accounts.csv" download className={secondaryButton}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </div>
      <p className="mb-4 mt-1 text-sm text-slate-400">
        The companies behind your leads, best first: signals of different kinds at one company add up.
      </p>
      <AccountList accounts={accounts.data.accounts} accountUrl={(id) => `/api/client/accounts/${encodeURIComponent(id)}`} />
    </section>
  );
}
