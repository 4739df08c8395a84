import { useState } from 'react';
import { campaignTemplates } from '../content/campaigns';
import type { CampaignTemplate } from '../types';
import { CampaignModal } from './campaign-modal';
import { card } from './styles';

const dots: Record<CampaignTemplate['color'], string> = {
  red: 'bg-red-400',
  orange: 'bg-orange-400',
  amber: 'bg-amber-400',
  emerald: 'bg-emerald-400',
  teal: 'bg-teal-400',
  sky: 'bg-sky-400',
  indigo: 'bg-indigo-400',
  violet: 'bg-violet-400',
  pink: 'bg-pink-400',
  lime: 'bg-lime-400',
};

/** Signal Campaigns: ten signal cards; each opens its email template. */
export function CampaignsView() {
  const [open, setOpen] = useState<CampaignTemplate | null>(null);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-white">Signal Campaigns</h1>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {campaignTemplates.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => setOpen(c)}
              aria-haspopup="dialog"
              className={`${card} flex h-full w-full flex-col gap-2 p-4 text-left transition-colors hover:border-brand-400/60`}
            >
              <span className="flex items-center gap-2">
                <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${dots[c.color]}`} />
                <span className="font-semibold text-white">{c.title}</span>
              </span>
              <span className="text-sm text-slate-300">{c.description}</span>
              <span className="text-xs text-slate-400">{c.source}</span>
              <span className="mt-auto text-sm">
                <span className="text-xl font-bold text-brand-300">{c.responseRate}</span>{' '}
                <span className="text-slate-300">response rate</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <CampaignModal campaign={open} onClose={() => setOpen(null)} />
    </div>
  );
}
