import type { LucideIcon } from 'lucide-react';

/** What kind of resource a tool card offers (docs/product.md §8.6). */
export type ToolType = 'interactive' | 'download' | 'documentation';

/** One tool card on /resources. */
export interface ResourceTool {
  title: string;
  description: string;
  ctaLabel: string;
  type: ToolType;
  /** Where the call to action goes. */
  link?: {
    href: string;
    /**
     * 'document' is a plain <a href> (a full page load: the calculator, the
     * converter, static files); 'route' is a client-side router link.
     */
    navigation: 'document' | 'route';
  };
  popular?: boolean;
  icon: LucideIcon;
  /** What the visitor gets, in a few words each. */
  features: readonly string[];
}

/** A downloadable guide or other resource (docs/product.md §8.6). */
export interface ResourceItem {
  id: string;
  title: string;
  description: string;
  /** The report page the item opens: /reports/{slug}. */
  slug: string;
  stats: { pages: number; strategies: number; templates: number };
  highlights: readonly string[];
  ctaText: string;
  icon: LucideIcon;
}
