import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/lib/admin/session';
import { paths } from '@/config/paths';
import { useAnalytics, type AnalyticsReport } from '../api/get-analytics';
import { formatCount, formatDuration, formatPercent } from '../lib/format';
import { defaultPeriod, periods, type PeriodId } from '../lib/periods';
import { sampleAnalytics, sampleBarMax } from '../lib/sample';
import { PeriodSelector } from './period-selector';
import { StatCards, type Headline } from './stat-cards';
import { TopPages } from './top-pages';
import { ViewsChart } from './views-chart';

/** What the dashboard shows: live figures, or the sample. */
interface View {
  live: boolean;
  headline: Headline;
  topPages: readonly { path: string; views: number; percentage: number }[];
  bars: readonly { date: string; views: number }[];
  bucket: 'day' | 'hour';
  barMax: number;
}

const sampleView: View = {
  live: false,
  headline: {
    pageViews: formatCount(sampleAnalytics.pageViews),
    uniqueVisitors: formatCount(sampleAnalytics.uniqueVisitors),
    avgSession: sampleAnalytics.avgSessionDuration,
    bounceRate: sampleAnalytics.bounceRate,
  },
  topPages: sampleAnalytics.topPages,
  bars: sampleAnalytics.dailyViews,
  bucket: 'day',
  barMax: sampleBarMax,
};

/** An owner's view while the report loads (or could not be read): no figures, and never the sample's. */
const pendingView: View = {
  live: true,
  headline: { pageViews: '—', uniqueVisitors: '—', avgSession: '—', bounceRate: '—' },
  topPages: [],
  bars: [],
  bucket: 'day',
  barMax: 1,
};

function liveView(r: AnalyticsReport): View {
  return {
    live: true,
    headline: {
      pageViews: formatCount(r.pageViews),
      uniqueVisitors: formatCount(r.uniqueVisitors),
      avgSession: formatDuration(r.avgSessionSeconds),
      bounceRate: formatPercent(r.bounceRate),
    },
    topPages: r.topPages,
    bars: r.dailyViews,
    bucket: r.bucket,
    barMax: Math.max(1, ...r.dailyViews.map((d) => d.views)),
  };
}

/**
 * /analytics: with an admin session, the recorded figures of the selected
 * period, zeros included (nothing recorded yet is a figure too, issue 31
 * item 7); to a visitor, the specified sample placeholder, labelled as
 * such, whose period buttons change only the highlight. Visitors are not
 * asked to sign in.
 */
export function AnalyticsDashboard() {
  const [period, setPeriod] = useState<PeriodId>(defaultPeriod);
  const session = useSession();
  const admin = Boolean(session.data);
  const report = useAnalytics(period, admin);
  const view = !admin ? sampleView : report.data ? liveView(report.data) : pendingView;
  const nothingYet = admin && report.data?.recorded === false;
  const label = periods.find((p) => p.id === period)?.label ?? '';

  return (
    <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">Analytics Dashboard</h1>
          <p className="mt-1 text-slate-400" data-testid="analytics-mode">
            {view.live ? `Live first-party analytics · ${label}` : 'Sample data'}
          </p>
          {nothingYet && (
            <p className="mt-1 text-sm text-slate-400" data-testid="nothing-recorded">
              No visits recorded in this period yet: page views are recorded first-party, without cookies, from the first visit on.
            </p>
          )}
        </div>
        <PeriodSelector value={period} onChange={setPeriod} />
      </header>
      {report.isError && (
        <p role="alert" className="mt-4 text-sm text-rose-200">
          Could not load analytics: {report.error.message}
        </p>
      )}
      <div className="mt-8 space-y-6" aria-busy={report.isFetching}>
        <StatCards headline={view.headline} />
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <ViewsChart
            title={view.bucket === 'hour' ? 'Hourly Views' : 'Daily Views'}
            bars={view.bars}
            bucket={view.bucket}
            max={view.barMax}
          />
          <TopPages pages={view.topPages} />
        </div>
      </div>
      {!view.live && <SampleNote />}
    </main>
  );
}

function SampleNote() {
  return (
    <aside className="mt-8 rounded-2xl border border-brand-400/25 bg-brand-400/5 p-5 text-sm text-slate-300" data-testid="sample-note">
      <p>
        <strong className="text-white">Note:</strong> This dashboard is showing sample data. Connect a real database to track actual page
        views and visitor analytics.
      </p>
      <p className="mt-2 text-slate-400">
        Site owners see live figures after{' '}
        <Link to={paths.admin.path} className="text-brand-300 underline">
          signing in
        </Link>
        .
      </p>
    </aside>
  );
}
