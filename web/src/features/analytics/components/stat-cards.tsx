import { ChartColumn, Clock, MousePointerClick, Users } from 'lucide-react';
import type { ReactNode } from 'react';

/** The four headline figures, already formatted. */
export interface Headline {
  pageViews: string;
  uniqueVisitors: string;
  avgSession: string;
  bounceRate: string;
}

function Card({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-ink-700 bg-ink-800/60 p-5">
      <dt className="flex items-center gap-2 text-sm text-slate-400">
        {icon}
        {label}
      </dt>
      <dd className="mt-2 text-3xl font-bold text-white">{value}</dd>
    </div>
  );
}

/** Page views, unique visitors, average session and bounce rate. */
export function StatCards({ headline }: { headline: Headline }) {
  const icon = 'size-4 text-brand-400';
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Card icon={<ChartColumn aria-hidden="true" className={icon} />} label="Page Views" value={headline.pageViews} />
      <Card icon={<Users aria-hidden="true" className={icon} />} label="Unique Visitors" value={headline.uniqueVisitors} />
      <Card icon={<Clock aria-hidden="true" className={icon} />} label="Avg. Session" value={headline.avgSession} />
      <Card icon={<MousePointerClick aria-hidden="true" className={icon} />} label="Bounce Rate" value={headline.bounceRate} />
    </dl>
  );
}
