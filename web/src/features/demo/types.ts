/** Intent status of a lead as shown (docs/product.md §4.10). */
export type LeadStatus = 'Ready to Buy' | 'Hot' | 'Warm';

/** Intent tier as the engine stores it. */
export type IntentTier = 'hot' | 'warm' | 'other';

/** A lead as the demo renders it: samples, fallbacks, live results and stored leads alike. */
export interface Lead {
  id: string;
  name: string;
  title: string;
  company: string;
  email: string;
  phone: string;
  signal: string;
  source: string;
  linkedin: string;
  /** The post the signal was found in, when known. */
  url?: string;
  fullContext: string;
  /** 0-100, shown as a percent. */
  intentScore: number;
  status: LeadStatus;
  intentTier: IntentTier;
  industry: string;
  employees: string;
  /** Where the post was published (reddit, linkedin, hackernews, x…), when known. */
  platform?: string;
  /** When the post was published (ISO 8601), when known. */
  publishedAt?: string;
  /** The ICP's terms that made the post relevant (lead.relevance.terms). */
  relevanceTerms?: string[];
  /** Why the lead fits the ICP (lead.fit.reasons). */
  fitReasons?: string[];
  /** The signal's cues as a person reads them (lead.detection.cueLabels). */
  cues?: string[];
  /** Who wrote the post and whether the move is live, finished or declined (lead.detection.speaker). */
  speaker?: string;
  /** The engine's first message for this lead (lead.draft). */
  draft?: { subject: string; body: string };
}

/** A demo signal (docs/product.md §4.10). */
export interface Signal {
  id: string;
  type: 'hiring_activity' | 'funding_event' | 'competitor_engagement' | 'job_change' | 'tech_research';
  title: string;
  company: string;
  timestamp: string;
  strength: number;
  description: string;
}

/** The Deep ICP Configuration form as typed (comma fields still text). */
export interface IcpForm {
  targetTitles: string;
  companySize: string;
  revenueRange: string;
  fundingStage: string;
  geographic: string;
  techStack: string;
  painPoints: string;
  competitors: string;
  industries: string;
  exclusions: string;
  signalThreshold: string;
  budgetIndicators: string;
  useAIQueries: boolean;
  knowledgeBase: string;
}

/** The ICP object sent to the research call (docs/product.md §13.5): comma fields as trimmed arrays. */
export interface IcpPayload {
  targetTitles: string[];
  companySize: string;
  revenueRange: string;
  fundingStage: string;
  geographic: string;
  techStack: string[];
  painPoints: string[];
  competitors: string[];
  industries: string[];
  exclusions: string[];
  signalThreshold: string;
  budgetIndicators: string[];
  useAIQueries: boolean;
  knowledgeBase: string;
}

/** An email campaign template (docs/product.md §4.8). */
export interface CampaignTemplate {
  id: string;
  title: string;
  description: string;
  source: string;
  color: 'red' | 'orange' | 'amber' | 'emerald' | 'teal' | 'sky' | 'indigo' | 'violet' | 'pink' | 'lime';
  responseRate: string;
  subject: string;
  template: string;
}

/** The five views of the demo (docs/product.md §4.2). */
export type DemoView = 'dashboard' | 'discovery' | 'leads' | 'campaigns' | 'pricing';
