import { cardClass } from '@/components/ui/styles';
import type { EmailPlay } from '../content/signal-breach-report-content';
import { EmailCard } from '@/components/content/email-card';

/** One email play of the breach report: when it runs, to whom, and the two emails. */
export function BreachEmailPlay({ play }: { play: EmailPlay }) {
  const facts = [
    ['Trigger', play.trigger],
    ['Send to', play.audience],
    ['Timing', play.timing],
  ] as const;
  return (
    <article aria-labelledby={`${slug(play.name)}-title`} className={`${cardClass} p-6 md:p-8`}>
      <h3 id={`${slug(play.name)}-title`} className="text-2xl font-semibold text-white">
        {play.name}
      </h3>
      <dl className="mt-5 grid gap-4 md:grid-cols-3">
        {facts.map(([term, text]) => (
          <div key={term}>
            <dt className="text-sm font-semibold uppercase tracking-wide text-brand-400">{term}</dt>
            <dd className="mt-1 text-sm leading-6 text-slate-300">{text}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 grid gap-5 lg:grid-cols-2">
        <EmailCard email={play.first} label="Email 1 · day 0" showLabel />
        <EmailCard email={play.followUp} label="Email 2 · day 3-5" showLabel />
      </div>
    </article>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
