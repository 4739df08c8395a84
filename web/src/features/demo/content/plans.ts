/** A pricing plan card (docs/product.md §4.9). */
export interface Plan {
  name: 'Starter' | 'Signals Platform' | 'Enterprise';
  price: string;
  features: readonly string[];
  cta: 'Get Started' | 'Start Free Trial' | 'Contact Sales';
  highlighted: boolean;
}

/** Monthly prices per route (docs/product.md §4.1): Starter, Signals Platform, Enterprise. */
export const pricesByPath: Record<string, readonly [string, string, string]> = {
  '/demo': ['$1,999', '$3,999', '$7,999'],
  '/admindemo': ['$2,499', '$4,999', '$9,999'],
  '/admindemo1': ['$1,499', '$2,999', '$5,999'],
};

/** The three plans with the prices of the route the demo runs on (unknown paths: /demo's). */
export function plansFor(pathname: string): Plan[] {
  const key = pathname.replace(/\/+$/, '') || '/';
  const [starter, platform, enterprise] = pricesByPath[key] ?? pricesByPath['/demo']!;
  return [
    {
      name: 'Starter',
      price: starter,
      highlighted: false,
      cta: 'Get Started',
      features: ['50 signal leads a month', 'Basic contact verification', 'Email support'],
    },
    {
      name: 'Signals Platform',
      price: platform,
      highlighted: true,
      cta: 'Start Free Trial',
      features: ['Unlimited signal detection', '500+ communities', 'Verified contact info', 'AI lead scoring'],
    },
    {
      name: 'Enterprise',
      price: enterprise,
      highlighted: false,
      cta: 'Contact Sales',
      features: ['Unlimited signals', 'Industry lock (no competitors)', 'All signals go straight to you'],
    },
  ];
}

/** The pricing counters (docs/product.md §4.9). */
export const pricingCounters = {
  revenue: 246000,
  enterpriseCost: 20000,
  steps: 60,
  durationMs: 2500,
} as const;
