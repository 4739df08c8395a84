import { Link } from 'react-router';
import { BookingLink } from '@/components/layout/booking-link';
import { cardClass, primaryButton, secondaryButton } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { formatCurrency, formatNumber, formatPercent, type RoiInputs, type RoiResults } from '../lib/roi';

interface Row {
  label: string;
  current: string;
  improved: string;
}

function rows(i: RoiInputs, r: RoiResults): Row[] {
  return [
    { label: 'Conversion rate', current: formatPercent(i.currentConversionRate), improved: formatPercent(r.improvedConversionRate) },
    { label: 'Monthly leads', current: formatNumber(i.monthlyLeads), improved: formatNumber(r.improvedLeads) },
    { label: 'Deals per month', current: formatNumber(r.currentDeals), improved: formatNumber(r.improvedDeals) },
    { label: 'Monthly revenue', current: formatCurrency(r.currentMonthlyRevenue), improved: formatCurrency(r.improvedMonthlyRevenue) },
    { label: 'Cost per deal', current: formatCurrency(r.currentCostPerDeal), improved: formatCurrency(r.improvedCostPerDeal) },
  ];
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-ink-700 bg-ink-900/60 p-4">
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The docs/product.md §10.2 quantities for the inputs last calculated, with the two calls to action. */
export function RoiResultsPanel({ inputs, results }: { inputs: RoiInputs; results: RoiResults }) {
  return (
    <section aria-labelledby="roi-results-title" className={`${cardClass} p-6`}>
      <h2 id="roi-results-title" className="text-xl font-bold text-white">
        Your projected ROI
      </h2>
      <dl className="mt-5 grid gap-3 sm:grid-cols-2">
        <Figure label="ROI" value={formatPercent(results.roiPercent)} testId="roi-percent" />
        <Figure label="Annual revenue lift" value={formatCurrency(results.annualRevenueLift)} testId="annual-lift" />
        <Figure label="Monthly revenue lift" value={formatCurrency(results.monthlyRevenueLift)} testId="monthly-lift" />
        <Figure label="Annual cost savings" value={formatCurrency(results.annualCostSavings)} testId="annual-savings" />
        <Figure label="Hours saved per month" value={formatNumber(results.hoursSavedPerMonth)} testId="hours-saved" />
      </dl>
      <table className="mt-6 w-full text-left text-sm">
        <caption className="sr-only">Current compared with Signalpipe</caption>
        <thead className="text-slate-400">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Metric
            </th>
            <th scope="col" className="py-2 font-medium">
              Current
            </th>
            <th scope="col" className="py-2 font-medium">
              With Signalpipe
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-700">
          {rows(inputs, results).map((row) => (
            <tr key={row.label}>
              <th scope="row" className="py-2 font-medium text-slate-300">
                {row.label}
              </th>
              <td className="py-2 text-white">{row.current}</td>
              <td className="py-2 font-semibold text-brand-300">{row.improved}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 text-xs text-slate-500">
        Assumes 3× your conversion rate, 2× your leads at half the lead cost, 20 hours saved per rep each month at $50 an hour, against a
        $15,000 annual investment.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={paths.onboarding.path} className={primaryButton}>
          Start Free Trial
        </Link>
        <BookingLink className={secondaryButton}>Book Demo</BookingLink>
      </div>
    </section>
  );
}
