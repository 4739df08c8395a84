import { ChevronDown, ExternalLink, Mail, Phone, User } from 'lucide-react';
import { mailtoHref, telHref } from '../lib/lead-actions';
import { calendarDate, relativeDate } from '../lib/relative-date';
import type { Lead } from '../types';
import { scoreTone, StatusBadge } from './status-badge';
import { smallButton } from './styles';
import { linkUrl } from '@/lib/link-url';

export interface LeadRowProps {
  lead: Lead;
  expanded: boolean;
  onToggle: () => void;
}

const platformNames: Record<string, string> = {
  reddit: 'Reddit',
  linkedin: 'LinkedIn',
  hackernews: 'Hacker News',
  hn: 'Hacker News',
  x: 'X',
  twitter: 'X',
  github: 'GitHub',
  producthunt: 'Product Hunt',
  g2: 'G2',
  news: 'News',
  rss: 'RSS',
  blog: 'Blog',
  web: 'Web',
};

/** A post's platform as people name it ("hackernews" is Hacker News). */
export const platformName = (p: string) => platformNames[p.toLowerCase()] ?? p.charAt(0).toUpperCase() + p.slice(1);

function Evidence({ label, items }: { label: string; items?: string[] }) {
  if (!items || items.length === 0) return null;
  return (
    <div>
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-400">{label}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-200">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** Where and when the post was published, linked to it when its address is known. */
function PostLine({ lead }: { lead: Lead }) {
  const where = lead.platform ? platformName(lead.platform) : '';
  const when = relativeDate(lead.publishedAt);
  const href = linkUrl(lead.url);
  if (!where && !when && !href) return null;
  const label = [where ? `${where} post` : 'Post', when && `published ${when}`].filter(Boolean).join(', ');
  return (
    <p className="mt-3 text-sm text-slate-300">
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 font-medium text-brand-300 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          {label}
        </a>
      ) : (
        label
      )}
      {lead.publishedAt && calendarDate(lead.publishedAt) && (
        <time dateTime={lead.publishedAt} className="ml-2 text-xs text-slate-400">
          ({calendarDate(lead.publishedAt)})
        </time>
      )}
    </p>
  );
}

/** One lead: the row and, when expanded, its Deep Intelligence Profile (docs/product.md §4.5) with the engine's evidence and draft. */
export function LeadRow({ lead, expanded, onToggle }: LeadRowProps) {
  const panel = `lead-profile-${lead.id}`;
  const mailto = mailtoHref(lead);
  const tel = telHref(lead);
  return (
    <>
      <tr className="border-t border-ink-700 align-top">
        <td className="px-4 py-3">
          <p className="font-semibold text-white">{lead.name}</p>
          <p className="text-xs text-slate-300">
            {lead.title}
            {lead.company && ` · ${lead.company}`}
          </p>
        </td>
        <td className="px-4 py-3 text-xs">
          {lead.email && <p className="text-slate-200">{lead.email}</p>}
          {lead.phone && <p className="text-slate-400">{lead.phone}</p>}
        </td>
        <td className="max-w-xs px-4 py-3">
          <p className="line-clamp-2 text-slate-200">{lead.signal}</p>
          {lead.source && <p className="mt-1 text-xs text-slate-400">{lead.source}</p>}
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={panel}
            onClick={onToggle}
            className="mt-1 inline-flex min-h-8 items-center gap-1 text-xs font-medium text-brand-300 hover:underline"
          >
            View full context
            <ChevronDown aria-hidden="true" className={`h-3.5 w-3.5 transition-transform ${expanded ? 'rotate-180' : ''}`} />
          </button>
        </td>
        <td className="px-4 py-3">
          <p className={`text-lg font-bold ${scoreTone[lead.status]}`}>{lead.intentScore}%</p>
          <StatusBadge status={lead.status} />
        </td>
        <td className="px-4 py-3">
          <div className="flex flex-wrap gap-1.5">
            <a href={mailto} aria-disabled={!mailto} title={mailto ? undefined : 'No email address found'} className={smallButton}>
              <Mail aria-hidden="true" className="h-3.5 w-3.5" />
              Send Email
            </a>
            <a href={tel} aria-disabled={!tel} title={tel ? undefined : 'No phone number found'} className={smallButton}>
              <Phone aria-hidden="true" className="h-3.5 w-3.5" />
              Call
            </a>
            <a
              href={linkUrl(lead.linkedin)}
              target="_blank"
              rel="noreferrer"
              aria-disabled={!linkUrl(lead.linkedin)}
              className={smallButton}
            >
              <User aria-hidden="true" className="h-3.5 w-3.5" />
              View Profile
            </a>
          </div>
        </td>
      </tr>
      {expanded && (
        <tr id={panel} className="bg-ink-900/60">
          <td colSpan={5} className="px-4 py-4">
            <div className="sticky left-4 max-w-[min(48rem,calc(100vw-4rem))]">
              <h3 className="font-semibold text-white">Deep Intelligence Profile</h3>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                {lead.industry && (
                  <div>
                    <dt className="inline text-slate-400">Industry: </dt>
                    <dd className="inline text-slate-200">{lead.industry}</dd>
                  </div>
                )}
                {lead.employees && (
                  <div>
                    <dt className="inline text-slate-400">Employees: </dt>
                    <dd className="inline text-slate-200">{lead.employees}</dd>
                  </div>
                )}
                {lead.source && (
                  <div>
                    <dt className="inline text-slate-400">Source: </dt>
                    <dd className="inline text-slate-200">{lead.source}</dd>
                  </div>
                )}
              </dl>
              <PostLine lead={lead} />
              <p className="mt-3 max-w-3xl whitespace-pre-line text-sm leading-6 text-slate-300">{lead.fullContext || lead.signal}</p>
              <div className="mt-4 grid gap-4 sm:grid-cols-3">
                <Evidence label="Relevant to" items={lead.relevanceTerms} />
                <Evidence label="Why it fits" items={lead.fitReasons} />
                <Evidence label="Buying signal" items={lead.speaker ? [...(lead.cues ?? []), lead.speaker] : lead.cues} />
              </div>
              {lead.draft && (
                <section aria-label="Drafted email" className="mt-4 rounded-lg border border-ink-700 bg-ink-800/60 p-3">
                  <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-400">Drafted email</h4>
                  {lead.draft.subject && <p className="mt-1 text-sm font-medium text-white">Subject: {lead.draft.subject}</p>}
                  <p className="mt-2 whitespace-pre-line text-sm leading-6 text-slate-300">{lead.draft.body}</p>
                </section>
              )}
              {linkUrl(lead.linkedin) && (
                <a
                  href={linkUrl(lead.linkedin)}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-300 hover:underline"
                >
                  <ExternalLink aria-hidden="true" className="h-4 w-4" />
                  LinkedIn profile
                </a>
              )}
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
