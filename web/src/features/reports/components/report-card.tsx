import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { cardClass, secondaryButton } from '@/components/ui/styles';
import type { ReportCard as ReportCardData } from '../content/report-cards';

/**
 * One report on the /reports index: icon, title, description, page and
 * strategy counts, "What's Inside" and a link to the report with its own text.
 */
export function ReportCard({ report }: { report: ReportCardData }) {
  const { icon: Icon, slug, title, description, ctaText, stats, highlights } = report;
  const headingId = `report-${report.id}`;
  return (
    <article aria-labelledby={headingId} className={`${cardClass} flex w-full flex-col p-6 md:p-8`}>
      <div className="flex items-start gap-4">
        <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-400/10 text-brand-300">
          <Icon aria-hidden="true" className="h-6 w-6" />
        </span>
        <div>
          <h2 id={headingId} className="text-xl font-bold text-white">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-400">
            <span className="font-semibold text-slate-200">{stats.pages}</span> pages ·{' '}
            <span className="font-semibold text-slate-200">{stats.strategies}</span> strategies
          </p>
        </div>
      </div>
      <p className="mt-4 text-sm leading-6 text-slate-300">{description}</p>
      <h3 className="mt-5 text-sm font-semibold uppercase tracking-wider text-brand-300">What's Inside</h3>
      <ul className="mt-3 flex-1 space-y-2 text-sm text-slate-300">
        {highlights.map((h) => (
          <li key={h} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
            {h}
          </li>
        ))}
      </ul>
      <Link to={`/reports/${slug}`} aria-label={`${ctaText}: ${title}`} className={`${secondaryButton} mt-6 self-start`}>
        {ctaText}
        <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </article>
  );
}
