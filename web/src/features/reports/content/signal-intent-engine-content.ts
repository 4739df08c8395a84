import type { HeroStat } from '@/components/content/page-hero';

/** One layer of the 4-layer diagram. */
export interface EngineLayer {
  name: string;
  role: string;
  /** What goes in and what comes out. */
  input: string;
  output: string;
}

/** One of the eight article sections. */
export interface ArticleSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  points?: readonly string[];
}

/** The intent engine report (docs/product.md §8.2, report 8): eight sections and a 4-layer diagram. */
export const intentEngine = {
  path: '/reports/signal-intent-engine',
  eyebrow: 'Research report · Architecture',
  title: 'Inside the Signal Intent Engine',
  intro:
    'How a buying signal travels from a forum post to a scored, verified lead with a drafted first message in under fifteen minutes, and the design decisions that keep it accurate at the scale of 500+ sources.',
  stats: [
    { value: '500+', label: 'Signal sources' },
    { value: '5-15 min', label: 'Detection time' },
    { value: '92%', label: 'Detection accuracy' },
    { value: 'Hourly', label: 'Score refresh' },
  ] satisfies HeroStat[],

  layers: [
    {
      name: 'Signal Capture',
      role: 'Listens to communities, social platforms, job boards, funding news and review sites, and keeps posts that could express intent.',
      input: 'Raw posts and events from 500+ sources',
      output: 'Candidate signals with text, author, source and time',
    },
    {
      name: 'Enrichment',
      role: 'Resolves who is behind the signal and adds company, role, tech stack and verified contact details.',
      input: 'Candidate signals',
      output: 'Signals tied to a person and a company, 50+ data points each',
    },
    {
      name: 'Decision',
      role: 'Classifies the signal type, scores ICP fit and signal strength, and decides whether the lead is worth a salesperson’s time.',
      input: 'Enriched signals and your ideal customer profile',
      output: 'A 0-100 score, a tier and a go or no-go',
    },
    {
      name: 'Activation',
      role: 'Drafts outreach that references the signal and delivers the lead where your team works: CRM, Slack, email or webhook.',
      input: 'Leads above your threshold',
      output: 'A lead card with context and a drafted first message',
    },
  ] satisfies EngineLayer[],

  sections: [
    {
      id: 'why-intent',
      title: 'Why intent beats lists',
      paragraphs: [
        'A contact database answers "who could buy?". It cannot answer "who is buying now?", which is the only question that matters for this quarter’s pipeline. In most B2B markets only a small share of accounts is actively evaluating at any moment; the rest are under contract, busy or content.',
        'Buyers announce themselves long before they fill in a form. They ask peers for recommendations, complain about the tool they have, post the job that your product would support, or start a new role with a mandate to change things. The engine exists to notice those moments and turn them into conversations while they are still open.',
      ],
    },
    {
      id: 'architecture',
      title: 'The architecture at a glance',
      paragraphs: [
        'The engine is a pipeline of four layers. Each layer has one job and hands a richer record to the next, so every stage can be measured and improved on its own. A post that fails a layer stops there, which keeps cost and noise down: most posts never reach enrichment, and only leads above your threshold reach a salesperson.',
      ],
    },
    {
      id: 'signal-capture',
      title: 'Layer 1: Signal Capture',
      paragraphs: [
        'Capture runs continuously against community forums, Reddit, Hacker News, LinkedIn and X posts, review sites, job boards, funding announcements and RSS feeds. Queries are generated from your ICP and your competitors’ names, so a payroll vendor listens for "switching payroll provider" and a security vendor for "SOC 2 auditor recommendations".',
        'A cheap first-pass filter discards posts without a plausible buyer, a product category or a problem statement. This step removes most of the volume before anything expensive runs.',
      ],
      points: [
        'Deduplication by author and topic across sources, so one cross-posted question is one signal.',
        'Freshness first: new posts are typically picked up within 5-15 minutes.',
        'Every signal keeps a link to its public source, so a rep can read the original before reaching out.',
      ],
    },
    {
      id: 'enrichment',
      title: 'Layer 2: Enrichment',
      paragraphs: [
        'A signal without a person and a company is only market research. Enrichment resolves the author to a profile, the profile to an employer, and the employer to firmographics: headcount, industry, location, funding stage and technologies in use.',
        'Contact details come from a waterfall of providers and are verified before delivery, which keeps deliverability around 98%. Records are re-verified every 30 days, because roughly one in five B2B contacts changes role or company in a year.',
      ],
      points: [
        'Across 2M+ companies and 10M+ contacts, each lead carries 50+ data points.',
        'Where identity is uncertain, the lead is marked as such instead of guessing an email.',
      ],
    },
    {
      id: 'decision',
      title: 'Layer 3: Decision',
      paragraphs: [
        'The decision layer classifies each signal into one of five types: hiring activity, funding event, competitor engagement, job change and tech research. It then computes two numbers from 0 to 100: ICP fit (does this company and person match who you sell to?) and signal strength (how explicit and how recent is the intent?).',
        'They combine as score = 0.6 × ICP fit + 0.4 × signal strength. Fit carries more weight because a strong signal from the wrong company is still the wrong company. Scores are recalculated hourly, so a lead cools down as its signal ages.',
      ],
      points: [
        '80 and above: Ready to Buy. Contact today.',
        '60-79: Hot. Contact this week with a signal-specific message.',
        '40-59: Warm. Nurture, and watch for a second signal.',
        'The default hand-off threshold is 75; teams with a small ICP often lower it, teams with high volume raise it.',
      ],
    },
    {
      id: 'activation',
      title: 'Layer 4: Activation',
      paragraphs: [
        'A lead is only useful if it reaches the right person with enough context to act in minutes. Activation writes a lead card (who, what they said, why it scored as it did) and drafts a first message that references the signal rather than pitching the product.',
        'Delivery goes where the team already works: the CRM as a new or updated record, Slack for hot leads, a daily email digest, or a webhook into your own automation.',
      ],
      points: [
        'Drafts follow proven constraints: subject under 50 characters, body under 150 words, one question.',
        'Reps approve or edit every draft; nothing is sent in their name without review.',
      ],
    },
    {
      id: 'measuring',
      title: 'Measuring the engine',
      paragraphs: ['Each layer has its own metric, so problems are found where they start instead of in the win rate three months later.'],
      points: [
        'Capture: time from post to detection (target 5-15 minutes) and share of sources returning results.',
        'Enrichment: match rate and verified-email rate; bounce rate under 2% after sending.',
        'Decision: detection accuracy, measured by reviewing samples of accepted and rejected signals (92% on our benchmark set), and the share of leads above threshold that reps accept.',
        'Activation: reply rate on signal-led outreach (up to 10x cold outreach), meetings booked and pipeline per 100 leads.',
      ],
    },
    {
      id: 'get-started',
      title: 'Build, buy or both',
      paragraphs: [
        'You can build a basic version of this pipeline with keyword alerts, an enrichment API, a spreadsheet score and a workflow tool, and it is worth doing once to learn which signals matter in your market. The hard parts appear at scale: source coverage, identity resolution, verification and keeping the score honest as signals age.',
        'Most teams start by running the engine on their own ICP for a week and comparing its leads with their current pipeline. The live demo lets you configure a profile and run a search yourself.',
      ],
    },
  ] satisfies ArticleSection[],
};
