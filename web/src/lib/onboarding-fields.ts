/**
 * The onboarding questionnaire as data (docs/product.md §6.2):
 * its eight steps, every field with its exact name, type and option values,
 * and the human label shown beside it. The onboarding form renders it and the
 * admin console uses it to label a stored answer set.
 */

/** How a field is entered. */
export type FieldKind = 'text' | 'email' | 'url' | 'tel' | 'number' | 'textarea' | 'select' | 'radio' | 'checkboxes';

/** One choice of a select, radio group or checkbox list. */
export interface FieldOption {
  value: string;
  label: string;
}

/** One question of the questionnaire. */
export interface OnboardingField {
  name: string;
  label: string;
  kind: FieldKind;
  /** Checked natively by the browser (only while the field's step is visible). */
  required?: boolean;
  /** Shown as required (an asterisk) without being enforced: the company size group. */
  markedRequired?: boolean;
  /** Checkbox lists whose every box must be ticked (the confirmations). */
  everyRequired?: boolean;
  placeholder?: string;
  hint?: string;
  options?: readonly FieldOption[];
  autoComplete?: string;
}

/** One step of the questionnaire. */
export interface OnboardingStep {
  title: string;
  intro: string;
  fields: readonly OnboardingField[];
}

const plain = (labels: readonly string[]): FieldOption[] => labels.map((l) => ({ value: l, label: l }));

/** The four statements a client confirms before submitting. */
export const confirmationStatements = [
  'The information I have provided is accurate and complete to the best of my knowledge.',
  'I will respond to the leads Signalpipe delivers promptly, within the response time chosen above.',
  'I am authorised to share this information and to make decisions on behalf of my company.',
  'I agree that Signalpipe may contact me about this onboarding and my lead delivery.',
] as const;

export const onboardingSteps: readonly OnboardingStep[] = [
  {
    title: 'Company Information',
    intro: 'Who you are and how we reach you.',
    fields: [
      { name: 'company_name', label: 'Company name', kind: 'text', required: true, autoComplete: 'organization', placeholder: 'Acme Inc.' },
      { name: 'website', label: 'Website', kind: 'url', required: true, autoComplete: 'url', placeholder: 'https://example.com' },
      {
        name: 'contact_email',
        label: 'Contact email',
        kind: 'email',
        required: true,
        autoComplete: 'email',
        placeholder: 'you@company.com',
      },
      { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel', placeholder: '+1 555 010 0000' },
      { name: 'company_address', label: 'Company address', kind: 'textarea', required: true, autoComplete: 'street-address' },
      {
        name: 'revenue_range',
        label: 'Annual revenue',
        kind: 'select',
        placeholder: 'Select a range',
        options: [
          { value: 'under_1m', label: 'Under $1M' },
          { value: '1m_10m', label: '$1M – $10M' },
          { value: '10m_50m', label: '$10M – $50M' },
          { value: '50m_100m', label: '$50M – $100M' },
          { value: '100m_plus', label: '$100M+' },
        ],
      },
    ],
  },
  {
    title: 'Your Offer & Value',
    intro: 'What you sell and why clients choose you.',
    fields: [
      { name: 'offer_description', label: 'What do you offer?', kind: 'textarea', required: true },
      { name: 'key_benefits', label: 'Key benefits for your clients', kind: 'textarea', required: true },
      { name: 'differentiators', label: 'What sets you apart from competitors?', kind: 'textarea', required: true },
      { name: 'average_deal_size', label: 'Average deal size', kind: 'text', placeholder: 'e.g. $25,000' },
      {
        name: 'sales_cycle',
        label: 'Typical sales cycle',
        kind: 'select',
        placeholder: 'Select a length',
        options: [
          { value: '1_week', label: 'About a week' },
          { value: '2_4_weeks', label: '2–4 weeks' },
          { value: '1_3_months', label: '1–3 months' },
          { value: '3_6_months', label: '3–6 months' },
          { value: '6_months_plus', label: '6 months or more' },
        ],
      },
    ],
  },
  {
    title: 'Ideal Client Profile',
    intro: 'The companies and people you want to reach.',
    fields: [
      { name: 'ideal_client', label: 'Describe your ideal client', kind: 'textarea', required: true },
      { name: 'pain_points', label: 'Their main pain points', kind: 'textarea', required: true },
      {
        name: 'decision_maker_titles',
        label: 'Decision-maker job titles',
        kind: 'text',
        required: true,
        placeholder: 'e.g. VP Sales, Head of Growth',
      },
      {
        name: 'company_sizes',
        label: 'Company sizes you target',
        kind: 'checkboxes',
        markedRequired: true,
        options: plain(['Startup (1-10)', 'Small (11-50)', 'Medium (51-200)', 'Large (201-1000)', 'Enterprise (1000+)']),
      },
      { name: 'primary_industry', label: 'Primary industry', kind: 'text', required: true },
      {
        name: 'excluded_industries',
        label: 'Industries to exclude',
        kind: 'text',
        required: true,
        hint: 'Write "None" if there are none.',
      },
      { name: 'ideal_companies', label: 'Examples of ideal companies', kind: 'textarea', required: true },
    ],
  },
  {
    title: 'Signals & Triggers',
    intro: 'The events that tell us a prospect is ready to buy.',
    fields: [
      {
        name: 'trigger_events',
        label: 'Trigger events that matter to you',
        kind: 'checkboxes',
        options: plain([
          'Recent funding/investment',
          'Rapid hiring/expansion',
          'New leadership/executives',
          'Product/service launches',
          'M&A activity',
          'Geographic expansion',
        ]),
      },
      { name: 'client_technologies', label: 'Technologies your clients use', kind: 'text' },
      { name: 'relevant_job_postings', label: 'Job postings that signal a need', kind: 'text' },
      { name: 'research_topics', label: 'Topics prospects research before buying', kind: 'textarea' },
      { name: 'urgency_factors', label: 'What makes a prospect urgent?', kind: 'textarea' },
      { name: 'disqualifiers', label: 'What disqualifies a prospect?', kind: 'textarea' },
    ],
  },
  {
    title: 'Lead Intelligence',
    intro: 'What each lead should tell you, and how fast you want it.',
    fields: [
      {
        name: 'valuable_info',
        label: 'Most valuable information about a lead',
        kind: 'checkboxes',
        options: plain([
          'Company financials',
          'Recent news/press releases',
          'Technology stack',
          'Team changes/hiring',
          'Funding/investment activity',
          'Growth metrics',
        ]),
      },
      {
        name: 'response_time',
        label: 'How quickly do you want new leads?',
        kind: 'radio',
        options: [
          { value: 'immediate', label: 'Immediately' },
          { value: '24_hours', label: 'Within 24 hours' },
          { value: '48_hours', label: 'Within 48 hours' },
          { value: 'week', label: 'Weekly' },
        ],
      },
      {
        name: 'delivery_method',
        label: 'How should leads be delivered?',
        kind: 'checkboxes',
        options: plain(['Email notifications', 'Slack alerts', 'Web dashboard', 'API integration']),
      },
    ],
  },
  {
    title: 'Messaging & Proof',
    intro: 'What works in your conversations, and what to avoid.',
    fields: [
      { name: 'effective_questions', label: 'Questions that open good conversations', kind: 'textarea', required: true },
      { name: 'case_studies', label: 'Case studies or results you can share', kind: 'textarea', required: true },
      { name: 'common_objections', label: 'Common objections you hear', kind: 'textarea' },
      { name: 'messaging_avoid', label: 'Messaging to avoid', kind: 'textarea' },
    ],
  },
  {
    title: 'Goals & Metrics',
    intro: 'What success looks like in numbers.',
    fields: [
      { name: 'monthly_lead_goal', label: 'Qualified leads wanted per month', kind: 'number', placeholder: 'e.g. 50' },
      { name: 'target_cost_per_lead', label: 'Target cost per lead', kind: 'text', placeholder: 'e.g. $40' },
      {
        name: 'enterprise_growth',
        label: 'Are you planning to grow into enterprise accounts?',
        kind: 'radio',
        options: [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
          { value: 'maybe', label: 'Maybe' },
        ],
      },
      { name: 'success_metrics', label: 'Metrics you track', kind: 'textarea' },
      { name: 'success_definition', label: 'What does success look like in 90 days?', kind: 'textarea' },
    ],
  },
  {
    title: 'Final Details',
    intro: 'Anything else, who handles the leads, and your confirmation.',
    fields: [
      { name: 'additional_context', label: 'Anything else we should know?', kind: 'textarea' },
      { name: 'past_challenges', label: 'Past lead-generation challenges', kind: 'textarea' },
      { name: 'email_handler_name', label: 'Name of the person who will handle leads', kind: 'text', required: true, autoComplete: 'name' },
      { name: 'email_handler_email', label: 'Their email', kind: 'email', required: true, autoComplete: 'email' },
      {
        name: 'confirmations',
        label: 'Confirmations',
        kind: 'checkboxes',
        everyRequired: true,
        options: plain(confirmationStatements),
      },
    ],
  },
];

/** Every field in questionnaire order. */
export const onboardingFields: readonly OnboardingField[] = onboardingSteps.flatMap((s) => s.fields);

/** Index (0-based) of the step holding a field, or -1. */
export function stepOfField(name: string): number {
  return onboardingSteps.findIndex((s) => s.fields.some((f) => f.name === name));
}

/** The human label of an option value of a field, or the value itself. */
export function optionLabel(field: OnboardingField, value: string): string {
  return field.options?.find((o) => o.value === value)?.label ?? value;
}
