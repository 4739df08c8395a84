import { signalLabels } from '../api/workspace';
import { usePortalAccounts, type Account } from '../api/accounts';

const label = (type: string) => signalLabels[type as keyof typeof signalLabels] ?? type;

function AccountCard({ account }: { account: Account }) {
  return (
    <li className="rounded-xl border border-ink-700 p-4">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="break-words text-lg font-semibold text-white">
          {account.name}
          {account.domain && <span className="ml-2 text-sm font-normal text-slate-400">{account.domain}</span>}
        </h3>
        <span
          className="shrink-0 rounded-full bg-ink-800 px-2 py-0.5 text-sm font-semibold text-white"
          aria-label={`Score ${account.score} of 100`}
        >
          {account.score}
        </span>
      </div>
      {account.whyNow && <p className="mt-1 text-sm text-slate-300">{account.whyNow}</p>}
      <details className="mt-2 text-sm text-slate-300">
        <summary className="cursor-pointer text-slate-400">
          Timeline: {account.signals.length} signal{account.signals.length === 1 ? '' : 's'}, {account.people.length}{' '}
          {account.people.length === 1 ? 'person' : 'people'}
        </summary>
        <ol className="mt-2 space-y-1">
          {account.signals.map((s) => (
            <li key={s.leadId ?? s.url + s.at}>
              <time dateTime={s.at} className="text-slate-400">
                {s.at.slice(0, 10)}
              </time>{' '}
              {label(s.type)}
              {s.person && ` · ${s.person}${s.title ? ` (${s.title})` : ''}`}{' '}
              {s.url && (
                <a href={s.url} target="_blank" rel="noreferrer noopener" className="underline">
                  source
                </a>
              )}
            </li>
          ))}
        </ol>
        {account.people.length > 0 && (
          <ul className="mt-2 space-y-1">
            {account.people.map((p) => (
              <li key={p.name}>
                {p.name}
                {p.title && `, ${p.title}`}: {p.showedUp.join(', ')} ({p.state})
              </li>
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}

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
  const list = accounts.data.accounts;
  return (
    <section aria-labelledby="portal-accounts-heading">
      <h2 id="portal-accounts-heading" className="text-2xl font-bold text-white">
        Accounts
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-400">
        The companies behind your leads, best first: signals of different kinds at one company add up.
      </p>
      {list.length === 0 ? (
        <p className="text-sm text-slate-400">No accounts yet: they appear as leads reach you.</p>
      ) : (
        <ul className="space-y-3">
          {list.map((a) => (
            <AccountCard key={a.id} account={a} />
          ))}
        </ul>
      )}
    </section>
  );
}
