import intake from '@/config/generated/intake.json';

/**
 * The onboarding questionnaire as data (docs/product.md §6.2):
 * its eight steps, every field with its exact name, type and option values,
 * and the human label shown beside it. The onboarding form renders it and the
 * admin console uses it to label a stored answer set.
 *
 * The server owns each field's name, order, whether it is required and its option values
 * (internal/intake/fields.go): `go generate ./internal/intake` writes them to intake.json, a Go
 * test fails when that is stale, and onboarding-fields.test.ts fails when the steps below
 * leave out, add or reorder a field. This file adds only how a field looks.
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

/** The server's side of a field: name, kind it validates, whether it is required, option values. */
export type ServerField = (typeof intake.fields)[number];

/** The server's fields in questionnaire order. */
export const serverFields: readonly ServerField[] = intake.fields;

const serverField = new Map(serverFields.map((f) => [f.name, f]));

/** How a field looks here; the rest comes from the server. `labels` names option values. */
type Look = Omit<OnboardingField, 'name' | 'required' | 'everyRequired' | 'options'> & {
  labels?: Readonly<Record<string, string>>;
};

/** The field the server calls `name`, drawn as `look`: a required checkbox list must be ticked in full. */
function field(name: string, look: Look): OnboardingField {
  const s = serverField.get(name);
  if (!s) throw new Error(`onboarding field ${name} is not one the server accepts (internal/intake/fields.go)`);
  const { labels, ...rest } = look;
  const out: OnboardingField = { name, ...rest };
  if (s.required && look.kind === 'checkboxes') out.everyRequired = true;
  else if (s.required) out.required = true;
  if (s.options.length > 0) out.options = s.options.map((v) => ({ value: v, label: labels?.[v] ?? v }));
  return out;
}

/** The fixed source label of an onboarding answer set (docs/product.md §6.2), the server's. */
export const onboardingSource = intake.onboardingSource;

/** The four statements a client confirms before submitting. */
export const confirmationStatements: readonly string[] = intake.confirmationStatements;

export const onboardingSteps: readonly OnboardingStep[] = [
  {
    title: 'Company Information',
    intro: 'Who you are and how we reach you.',
    fields: [
      field('company_name', { label: 'Company name', kind: 'text', autoComplete: 'organization', placeholder: 'Acme Inc.' }),
      field('website', { label: 'Website', kind: 'url', autoComplete: 'url', placeholder: 'https://example.com' }),
      field('contact_email', { label: 'Contact email', kind: 'email', autoComplete: 'email', placeholder: 'you@company.com' }),
      field('phone', { label: 'Phone', kind: 'tel', autoComplete: 'tel', placeholder: '+1 555 010 0000' }),
      field('company_address', { label: 'Company address', kind: 'textarea', autoComplete: 'street-address' }),
      field('revenue_range', {
        label: 'Annual revenue',
        kind: 'select',
        placeholder: 'Select a range',
        labels: {
          under_1m: 'Under $1M',
          '1m_10m': '$1M – $10M',
          '10m_50m': '$10M – $50M',
          '50m_100m': '$50M – $100M',
          '100m_plus': '$100M+',
        },
      }),
    ],
  },
  {
    title: 'Your Offer & Value',
    intro: 'What you sell and why clients choose you.',
    fields: [
      field('offer_description', { label: 'What do you offer?', kind: 'textarea' }),
      field('key_benefits', { label: 'Key benefits for your clients', kind: 'textarea' }),
      field('differentiators', { label: 'What sets you apart from competitors?', kind: 'textarea' }),
      field('average_deal_size', { label: 'Average deal size', kind: 'text', placeholder: 'e.g. $25,000' }),
      field('sales_cycle', {
        label: 'Typical sales cycle',
        kind: 'select',
        placeholder: 'Select a length',
        labels: {
          '1_week': 'About a week',
          '2_4_weeks': '2–4 weeks',
          '1_3_months': '1–3 months',
          '3_6_months': '3–6 months',
          '6_months_plus': '6 months or more',
        },
      }),
    ],
  },
  {
    title: 'Ideal Client Profile',
    intro: 'The companies and people you want to reach.',
    fields: [
      field('ideal_client', { label: 'Describe your ideal client', kind: 'textarea' }),
      field('pain_points', { label: 'Their main pain points', kind: 'textarea' }),
      field('decision_maker_titles', { label: 'Decision-maker job titles', kind: 'text', placeholder: 'e.g. VP Sales, Head of Growth' }),
      field('company_sizes', { label: 'Company sizes you target', kind: 'checkboxes', markedRequired: true }),
      field('primary_industry', { label: 'Primary industry', kind: 'text' }),
      field('excluded_industries', { label: 'Industries to exclude', kind: 'text', hint: 'Write "None" if there are none.' }),
      field('ideal_companies', { label: 'Examples of ideal companies', kind: 'textarea' }),
    ],
  },
  {
    title: 'Signals & Triggers',
    intro: 'The events that tell us a prospect is ready to buy.',
    fields: [
      field('trigger_events', { label: 'Trigger events that matter to you', kind: 'checkboxes' }),
      field('client_technologies', { label: 'Technologies your clients use', kind: 'text' }),
      field('competitors', {
        label: 'Competitors (optional)',
        kind: 'text',
        placeholder: 'e.g. LaunchDarkly, Split',
        hint: 'Products your buyers compare you with; we watch for people discussing them.',
      }),
      field('buyer_tools', {
        label: 'Tools your buyers use (optional)',
        kind: 'text',
        placeholder: 'e.g. Jira, GitHub, Datadog',
        hint: 'Software your buyers already run, separated by commas.',
      }),
      field('relevant_job_postings', { label: 'Job postings that signal a need', kind: 'text' }),
      field('research_topics', { label: 'Topics prospects research before buying', kind: 'textarea' }),
      field('urgency_factors', { label: 'What makes a prospect urgent?', kind: 'textarea' }),
      field('disqualifiers', { label: 'What disqualifies a prospect?', kind: 'textarea' }),
    ],
  },
  {
    title: 'Lead Intelligence',
    intro: 'What each lead should tell you, and how fast you want it.',
    fields: [
      field('valuable_info', { label: 'Most valuable information about a lead', kind: 'checkboxes' }),
      field('response_time', {
        label: 'How quickly do you want new leads?',
        kind: 'radio',
        labels: { immediate: 'Immediately', '24_hours': 'Within 24 hours', '48_hours': 'Within 48 hours', week: 'Weekly' },
      }),
      field('delivery_method', { label: 'How should leads be delivered?', kind: 'checkboxes' }),
    ],
  },
  {
    title: 'Messaging & Proof',
    intro: 'What works in your conversations, and what to avoid.',
    fields: [
      field('effective_questions', { label: 'Questions that open good conversations', kind: 'textarea' }),
      field('case_studies', { label: 'Case studies or results you can share', kind: 'textarea' }),
      field('common_objections', { label: 'Common objections you hear', kind: 'textarea' }),
      field('messaging_avoid', { label: 'Messaging to avoid', kind: 'textarea' }),
    ],
  },
  {
    title: 'Goals & Metrics',
    intro: 'What success looks like in numbers.',
    fields: [
      field('monthly_lead_goal', { label: 'Qualified leads wanted per month', kind: 'number', placeholder: 'e.g. 50' }),
      field('target_cost_per_lead', { label: 'Target cost per lead', kind: 'text', placeholder: 'e.g. $40' }),
      field('enterprise_growth', {
        label: 'Are you planning to grow into enterprise accounts?',
        kind: 'radio',
        labels: { yes: 'Yes', no: 'No', maybe: 'Maybe' },
      }),
      field('success_metrics', { label: 'Metrics you track', kind: 'textarea' }),
      field('success_definition', { label: 'What does success look like in 90 days?', kind: 'textarea' }),
    ],
  },
  {
    title: 'Final Details',
    intro: 'Anything else, who handles the leads, and your confirmation.',
    fields: [
      field('additional_context', { label: 'Anything else we should know?', kind: 'textarea' }),
      field('past_challenges', { label: 'Past lead-generation challenges', kind: 'textarea' }),
      field('email_handler_name', { label: 'Name of the person who will handle leads', kind: 'text', autoComplete: 'name' }),
      field('email_handler_email', { label: 'Their email', kind: 'email', autoComplete: 'email' }),
      field('confirmations', { label: 'Confirmations', kind: 'checkboxes' }),
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
