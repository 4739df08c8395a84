import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { plansFor, pricingCounters as pc } from '../content/plans';
import { useCounter } from '../hooks/use-counter';
import { card, primaryButton } from './styles';

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

function Counter({ target, label }: { target: number; label: string }) {
  const { value, done } = useCounter(target, pc.steps, pc.durationMs);
  return (
    <div className={`${card} p-5 text-center`}>
      <p className={`text-3xl font-bold text-brand-300 sm:text-4xl ${done ? 'animate-pulse' : ''}`} data-done={done}>
        {money(value)}
      </p>
      <p className="mt-1 text-sm text-slate-300">{label}</p>
    </div>
  );
}

/** Pricing: the two counters and the three plans with this route's prices (docs/product.md §4.1, §4.9). */
export function PricingView({ pathname }: { pathname: string }) {
  const plans = plansFor(pathname);
  const href = { 'Get Started': '/onboarding', 'Start Free Trial': '/onboarding', 'Contact Sales': '/onboarding' } as const;
  return (
    <div className="space-y-6">
      <h1 className="text-center text-2xl font-bold text-white sm:text-3xl">Simple, Transparent Pricing</h1>
      <div className="grid gap-3 sm:grid-cols-2">
        <Counter target={pc.revenue} label="Revenue generated for our customers" />
        <Counter target={pc.enterpriseCost} label="Typical monthly cost of an enterprise AI system" />
      </div>
      <ul className="grid gap-4 lg:grid-cols-3">
        {plans.map((p) => (
          <li key={p.name} className={`${card} flex flex-col p-5 ${p.highlighted ? 'border-brand-400 ring-1 ring-brand-400' : ''}`}>
            {p.highlighted && (
              <p className="mb-2 self-start rounded-full bg-brand-400/15 px-2.5 py-0.5 text-xs font-semibold text-brand-200">
                Most popular
              </p>
            )}
            <h2 className="text-lg font-semibold text-white">{p.name}</h2>
            <p className="mt-2">
              <span className="text-3xl font-bold text-white">{p.price}</span>
              <span className="text-slate-300">/month</span>
            </p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-200">
              {p.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" />
                  {f}
                </li>
              ))}
            </ul>
            <Link to={href[p.cta]} className={`${primaryButton} mt-5 ${p.highlighted ? '' : 'bg-ink-700 text-white hover:bg-ink-600'}`}>
              {p.cta}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
