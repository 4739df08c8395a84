import { ChevronDown, ExternalLink, Mail, Phone, User } from 'lucide-react';
import { mailtoHref, telHref } from '../lib/lead-actions';
import type { Lead } from '../types';
import { scoreTone, StatusBadge } from './status-badge';
import { smallButton } from './styles';

export interface LeadRowProps {
  lead: Lead;
  expanded: boolean;
  onToggle: () => void;
}

/** One lead: the row and, when expanded, its Deep Intelligence Profile (spec 000 §2). */
export function LeadRow({ lead, expanded, onToggle }: LeadRowProps) {
  const panel = `lead-profile-${lead.id}`;
  return (
    <>
      <tr className="border-t border-ink-700 align-top">
        <td className="px-4 py-3">
          <p className="font-semibold text-white">{lead.name}</p>
          <p className="text-xs text-slate-300">{lead.title}{lead.company && ` · ${lead.company}`}</p>
        </td>
        <td className="px-4 py-3 text-xs">
          {lead.email && <p className="text-slate-200">{lead.email}</p>}
          {lead.phone && <p className="text-slate-400">{lead.phone}</p>}
        </td>
        <td className="max-w-xs px-4 py-3">
          <p className="line-clamp-2 text-slate-200">{lead.signal}</p>
          {lead.source && <p className="mt-1 text-xs text-slate-400">{lead.source}</p>}
          <button type="button" aria-expanded={expanded} aria-controls={panel} onClick={onToggle}
            className="mt-1 inline-flex min-h-8 items-center gap-1 text-xs font-medium text-brand-300 hover:underline">
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
            <a href={mailtoHref(lead)} className={smallButton}><Mail aria-hidden="true" className="h-3.5 w-3.5" />Send Email</a>
            <a href={telHref(lead)} className={smallButton}><Phone aria-hidden="true" className="h-3.5 w-3.5" />Call</a>
            <a href={lead.linkedin || undefined} target="_blank" rel="noreferrer" aria-disabled={!lead.linkedin} className={smallButton}>
              <User aria-hidden="true" className="h-3.5 w-3.5" />View Profile
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
              {lead.industry && (<div><dt className="inline text-slate-400">Industry: </dt><dd className="inline text-slate-200">{lead.industry}</dd></div>)}
              {lead.employees && (<div><dt className="inline text-slate-400">Employees: </dt><dd className="inline text-slate-200">{lead.employees}</dd></div>)}
              {lead.source && (<div><dt className="inline text-slate-400">Source: </dt><dd className="inline text-slate-200">{lead.source}</dd></div>)}
            </dl>
            <p className="mt-3 max-w-3xl whitespace-pre-line text-sm leading-6 text-slate-300">{lead.fullContext || lead.signal}</p>
            {lead.linkedin && (
              <a href={lead.linkedin} target="_blank" rel="noreferrer" className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-300 hover:underline">
                <ExternalLink aria-hidden="true" className="h-4 w-4" />LinkedIn profile
              </a>
            )}
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
