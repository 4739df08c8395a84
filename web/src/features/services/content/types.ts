import type { Faq } from '@/components/content/faq-list';
import type { Feature } from '@/components/content/feature-grid';
import type { HeroStat } from '@/components/content/page-hero';
import type { Step } from '@/components/content/step-list';

/** Everything one service page shows, plus its search metadata. */
export interface ServiceContent {
  /** Path of the page (from the route table). */
  path: string;
  /** Service name for structured data, e.g. "AI Signal Detection". */
  name: string;
  /** schema.org serviceType. */
  serviceType: string;
  /** Meta keywords. */
  keywords: readonly string[];
  hero: {
    eyebrow: string;
    title: string;
    intro: string;
    stats: readonly HeroStat[];
  };
  features: {
    title: string;
    intro: string;
    items: readonly Feature[];
  };
  process: {
    title: string;
    intro: string;
    steps: readonly Step[];
  };
  /** Who gets the most out of the service and what changes for them. */
  outcomes: {
    title: string;
    intro: string;
    items: readonly Feature[];
  };
  faqs: readonly Faq[];
  closing: {
    title: string;
    text: string;
  };
}
