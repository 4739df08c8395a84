import { cardClass } from '@/components/ui/styles';
import type { Campaign } from '../content/cold-email-playbook';
import { EmailCard } from '@/components/content/email-card';

/** One campaign of the cold email playbook: who, where, pain, offer, sequence and the sample email. */
export function ColdEmailCampaignCard({ campaign }: { campaign: Campaign }) {
  const headingId = `campaign-${campaign.id}`;
  return (
    <article aria-labelledby={headingId} className={`${cardClass} p-6 md:p-8`}>
      <h3 id={headingId} className="text-2xl font-bold text-white">
        {campaign.title}
      </h3>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <div>
          <dl className="space-y-4">
            {campaign.facts.map((f) => (
              <div key={f.term}>
                <dt className="text-xs font-semibold uppercase tracking-wider text-brand-300">{f.term}</dt>
                <dd className="mt-1 text-sm leading-6 text-slate-300">{f.detail}</dd>
              </div>
            ))}
          </dl>
          <h4 className="mt-6 font-semibold text-white">The follow-up sequence</h4>
          <ol className="mt-3 space-y-2 text-sm text-slate-300">
            {campaign.sequence.map((t) => (
              <li key={t.day} className="flex gap-3">
                <span className="w-14 shrink-0 font-semibold text-white">{t.day}</span>
                <span className="leading-6">{t.touch}</span>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h4 className="mb-3 font-semibold text-white">Sample email (Day 1)</h4>
          <EmailCard email={campaign.email} label={`Sample email for ${campaign.title}`} counts />
        </div>
      </div>
    </article>
  );
}
