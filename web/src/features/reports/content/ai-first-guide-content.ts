import type { HeroStat } from '@/components/content/page-hero';
import type { CodeSample } from '../components/guide-code-sample';
import type { TimelineStep } from '../components/timeline';
import { aiFirstCode as code } from './ai-first-guide-code';

/** One step of a phase, optionally with code. */
export interface PhaseStep {
  title: string;
  body: string;
  code?: CodeSample;
}

/** One of the five phases of the guide. */
export interface Phase {
  id: string;
  weeks: string;
  title: string;
  goal: string;
  steps: readonly PhaseStep[];
  checklist: readonly string[];
}

/** The AI-first optimization guide (docs/product.md §8.4). */
export const aiFirstGuide = {
  path: '/reports/ai-first-optimization-guide',
  eyebrow: 'Playbook · AI search',
  title: 'The AI-First Optimization Guide',
  intro:
    'Buyers now ask ChatGPT, Perplexity, Gemini and Copilot which vendor to shortlist before they ever visit a website. This twelve-week plan makes your site the source those assistants read, trust and cite, without giving up a single ranking in classic search.',
  stats: [
    { value: '5', label: 'Phases' },
    { value: '12 weeks', label: 'To first results' },
    { value: '10', label: 'Code samples' },
    { value: '27', label: 'Checklist items' },
  ] satisfies HeroStat[],

  phases: [
    {
      id: 'technical-foundation',
      weeks: 'Phase 1 · Weeks 1-2',
      title: 'Technical foundation',
      goal: 'Make sure every assistant and search engine can fetch, read and understand your important pages. Nothing later in this guide works if crawlers are blocked or see an empty page.',
      steps: [
        {
          title: 'Open the door to the crawlers you want',
          body: 'Many sites block AI crawlers by accident, through a security plugin, a CDN bot rule or a blanket "Disallow" written years ago. Decide deliberately which bots may read which parts of the site, and check your CDN’s bot settings as well as robots.txt.',
          code: code.robots,
        },
        {
          title: 'Publish an llms.txt',
          body: 'A short Markdown file at the root that states what you do, for whom, at what price, and links to the ten pages that matter most. It gives a model the facts you want repeated in one request.',
          code: code.llms,
        },
        {
          title: 'Serve real HTML',
          body: 'If a page only renders in the browser, crawlers that do not run JavaScript see nothing. Check the raw HTML of your homepage, pricing and top guides, then prerender or server-render any that come back empty.',
          code: code.crawlCheck,
        },
        {
          title: 'Keep a clean sitemap',
          body: 'List only canonical, indexable pages that return 200, with accurate lastmod dates, and reference the sitemap from robots.txt.',
          code: code.sitemap,
        },
      ],
      checklist: [
        'robots.txt allows the search and AI crawlers you chose, and private areas stay closed',
        'CDN and firewall bot rules do not block those crawlers',
        'llms.txt is live at the site root and lists your ten most important pages',
        'Homepage, pricing and top guides return full content without JavaScript',
        'Sitemap lists only canonical 200 pages with accurate lastmod dates',
        'Largest Contentful Paint under 2.5 s on mobile for your top 20 pages',
      ],
    },
    {
      id: 'content-authority',
      weeks: 'Phase 2 · Weeks 3-6',
      title: 'Content authority',
      goal: 'Answer the questions buyers ask assistants, in a form an assistant can quote. Authority here means being the clearest, most complete source on a narrow set of topics.',
      steps: [
        {
          title: 'Collect the real questions',
          body: 'Pull questions from sales call notes, support tickets, community threads and "People also ask". Group them into 4-6 topics you want to own, and pick 8-12 questions per topic that a buyer asks just before shortlisting vendors.',
        },
        {
          title: 'Write answer-first pages',
          body: 'One question per page or per section, a quotable direct answer first, then the steps, numbers and trade-offs. Use descriptive headings, lists and tables; they survive extraction better than long paragraphs.',
          code: code.answerFirst,
        },
        {
          title: 'Build topic clusters',
          body: 'Each topic gets a pillar page that answers the broad question and links to every supporting page, and each supporting page links back. Internal links are how crawlers, and assistants that browse, find your depth.',
        },
        {
          title: 'Mark up your answers',
          body: 'Add structured data for FAQs, how-tos and articles so engines can read the answer, the author and the date without guessing.',
          code: code.faqSchema,
        },
      ],
      checklist: [
        'Question list of 8-12 buyer questions for each of 4-6 topics',
        'Every priority page opens with a direct answer of 40-60 words',
        'Pillar pages link to all supporting pages and back',
        'Comparison and pricing questions answered honestly, competitors included',
        'FAQ structured data matches the questions visible on the page',
      ],
    },
    {
      id: 'authority-signals',
      weeks: 'Phase 3 · Weeks 7-10',
      title: 'Authority signals',
      goal: 'Assistants prefer sources other sources agree with. Build the third-party evidence that you are who you say you are and know what you claim to know.',
      steps: [
        {
          title: 'Connect your entity',
          body: 'Use one exact company name everywhere, and link your site to your profiles with Organization data so mentions elsewhere are attributed to you.',
          code: code.organization,
        },
        {
          title: 'Put named experts on the page',
          body: 'Give every guide a real author with a bio page, credentials and links to their public work. Anonymous "team" content is the easiest to ignore.',
        },
        {
          title: 'Earn mentions where assistants look',
          body: 'Assistants lean on review sites, industry publications, Wikipedia-style references and active community threads. Ask ten happy customers for reviews on the two review sites your buyers use, and answer questions in the communities where your category is discussed, as a person, not an advert.',
        },
        {
          title: 'Publish something only you can',
          body: 'Original data is the most cited content there is. A benchmark from your own anonymised product data, a survey of 200 buyers or a yearly pricing index gives others a reason to link to you and assistants a number to quote.',
        },
      ],
      checklist: [
        'Organization structured data with sameAs links to every official profile',
        'Company name, description and category identical across all profiles',
        'Author pages for every guide writer, with credentials',
        'Ten new reviews on the review sites your buyers use',
        'One piece of original research published and pitched to three publications',
        'Regular, useful answers in two communities where your buyers ask questions',
      ],
    },
    {
      id: 'content-optimization',
      weeks: 'Phase 4 · Weeks 11-12',
      title: 'Content optimization',
      goal: 'Improve what already exists. Most sites have pages that rank but are never cited because the answer is buried, outdated or vague.',
      steps: [
        {
          title: 'Refresh your top pages',
          body: 'Take the 20 pages with the most search impressions. Update numbers and screenshots, add a direct answer at the top, replace vague claims with specifics, and add a dated "last reviewed" line.',
          code: code.article,
        },
        {
          title: 'Make passages self-contained',
          body: 'Rewrite sections so each one names its subject instead of saying "it" or "this tool". An assistant that quotes one paragraph should not need the previous one to make sense.',
        },
        {
          title: 'Add the evidence',
          body: 'Cite sources for every statistic, link to the primary study, and add one concrete example or customer number per section. Specific, sourced statements are cited more often than general advice.',
        },
      ],
      checklist: [
        'Top 20 pages refreshed with a direct answer and current figures',
        'Every statistic has a linked source',
        'Sections make sense when read on their own',
        'dateModified in structured data matches the visible "last reviewed" date',
        'Thin or duplicate pages merged or redirected',
      ],
    },
    {
      id: 'ongoing-monitoring',
      weeks: 'Phase 5 · Ongoing',
      title: 'Ongoing monitoring',
      goal: 'AI answers change weekly. Measure whether you are read, cited and visited, and feed what you learn back into phases 2 to 4.',
      steps: [
        {
          title: 'Watch the crawlers',
          body: 'Server logs show which pages AI crawlers fetch and how often. Pages they never fetch cannot be cited.',
          code: code.logs,
        },
        {
          title: 'Measure AI referrals',
          body: 'Create a channel or segment for visits from assistants and track it next to organic search. Watch conversion rate too: visitors sent by an assistant often arrive already convinced.',
          code: code.referrers,
        },
        {
          title: 'Run a monthly prompt panel',
          body: 'Ask the same 25 buyer questions in ChatGPT, Perplexity, Gemini and Copilot each month. Record whether you are mentioned, cited with a link, or absent, and which sources are cited instead; those are your next outreach and content targets.',
        },
      ],
      checklist: [
        'Monthly report of AI crawler hits on priority pages',
        'AI assistant referral channel set up in analytics',
        '25-question prompt panel run monthly across four assistants',
        'Competitors cited instead of you listed, with the pages they win with',
        'Quarterly review that sends findings back into content and authority work',
      ],
    },
  ] satisfies Phase[],

  results: [
    {
      when: 'Week 2',
      title: 'Crawlable and understood',
      description: 'AI crawlers appear in your logs on priority pages, and the pages return full content without JavaScript.',
    },
    {
      when: 'Weeks 4-6',
      title: 'First citations on long-tail questions',
      description:
        'Answer-first pages start appearing as sources for specific, lower-competition questions in Perplexity and ChatGPT search.',
    },
    {
      when: 'Weeks 8-10',
      title: 'Brand questions answered correctly',
      description:
        'Assistants describe your product, pricing and category accurately, because consistent profiles and structured data agree with your site.',
    },
    {
      when: 'Week 12',
      title: 'Measurable AI referral traffic',
      description:
        'A visible AI-assistant channel in analytics, typically converting at a higher rate than average organic traffic, and citations on a growing share of your prompt panel.',
    },
    {
      when: 'Month 6',
      title: 'Shortlist presence',
      description:
        'Your brand is named in most answers to "best tools for…" questions in your category, and AI referrals are a reported pipeline source.',
    },
  ] satisfies TimelineStep[],
};
