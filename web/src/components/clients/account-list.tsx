import type { ReactNode } from 'react';
import { z } from 'zod';
import { CommitteeDrafts } from './committee-drafts';

// An account: a company of a client's leads with its stacked score, why now, timeline and people
// (docs/api.md "Accounts"). Shown by the portal and the console.

export const accountSignalSchema = z.object({
  type: z.string(),
  url: z.string(),
  at: z.string(),
  leadId: z.string().optional(),
  platform: z.string(),
  person: z.string(),
  title: z.string(),
  summary: z.string(),
  review: z.string().optional(),
});

export const accountPersonSchema = z.object({
  name: z.string(),
  title: z.string(),
  showedUp: z.array(z.string()),
  state: z.string(),
});

export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  score: z.number(),
  whyNow: z.string(),
  signals: z.array(accountSignalSchema),
  people: z.array(accountPersonSchema),
});
export type Account = z.infer<typeof accountSchema>;

export const accountPageSchema = z.object({ accounts: z.array(accountSchema), nextCursor: z.string() });

const signalLabels: Record<string, string> = {
  hiring_activity: 'Hiring',
  funding_event: 'Funding',
  competitor_engagement: 'Competitor engagement',
  job_change: 'Job change',
  tech_research: 'Tech research',
};

const label = (type: string) => signalLabels[type] ?? type;

interface CardProps {
  account: Account;
  actions?: (a: Account) => ReactNode;
  /** Where one account is read (its people's drafts); absent, no drafts are offered. */
  accountUrl?: (id: string) => string;
}

function AccountCard({ account, actions, accountUrl }: CardProps) {
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
              {s.person && ` · ${s.person}${s.title ? ` (${s.title})` : ''}`}
              {s.review && s.review !== 'approved' && ` (${s.review})`}{' '}
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
        {accountUrl && account.people.length > 0 && <CommitteeDrafts url={accountUrl(account.id)} />}
      </details>
      {actions?.(account)}
    </li>
  );
}

/** Accounts best first, each with its score, why now and timeline; actions adds controls under each. */
export function AccountList({ accounts, actions, accountUrl }: { accounts: Account[] } & Omit<CardProps, 'account'>) {
  if (accounts.length === 0) return <p className="text-sm text-slate-400">No accounts yet: they appear as leads arrive.</p>;
  return (
    <ul className="space-y-3">
      {accounts.map((a) => (
        <AccountCard key={a.id} account={a} actions={actions} accountUrl={accountUrl} />
      ))}
    </ul>
  );
}
