import type { LucideIcon } from 'lucide-react';

/** A fictional customer's words about the result they got. */
export interface Testimonial {
  quote: string;
  author: string;
  role: string;
}

/** How one industry uses Signalpipe (docs/product.md §3.3). */
export interface IndustryUseCase {
  /** Anchor id, e.g. "saas". */
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  challenges: readonly string[];
  useCases: readonly string[];
  results: {
    metric: string;
    label: string;
    testimonial: Testimonial;
  };
}

/** What Signalpipe does for a team of a given size (docs/product.md §3.3). */
export interface TeamSize {
  size: string;
  range: string;
  summary: string;
  benefits: readonly string[];
  idealFor: readonly string[];
}

/** A common prospecting problem and how Signalpipe answers it (docs/product.md §3.3). */
export interface Challenge {
  challenge: string;
  description: string;
  solution: string;
  impact: string;
}
