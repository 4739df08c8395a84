/**
 * The browser's own copy of every form a visitor sends (docs/product.md §7.2, "Form
 * submission"), kept in localStorage under `form_submissions` and shown on the
 * Form Submissions Admin screen. Storage may be missing, full or corrupt: every
 * function here tolerates that and never throws.
 */

/** localStorage key of the list. */
export const formSubmissionsKey = 'form_submissions';

/** One entry of the local copy. Missing values are empty strings. */
export interface FormSubmission {
  /** ISO 8601 time of submission. */
  timestamp: string;
  name: string;
  email: string;
  company: string;
  monthlyRevenue: string;
  targetRevenue: string;
  roadblock: string;
  bookingCapacity: string;
  idealOutcome: string;
}

const textFields = ['name', 'email', 'company', 'monthlyRevenue', 'targetRevenue', 'roadblock', 'bookingCapacity', 'idealOutcome'] as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

/** Normalises one stored entry; anything that is not an object is dropped. */
function normalise(value: unknown): FormSubmission | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const entry = { timestamp: text(record.timestamp) } as FormSubmission;
  for (const key of textFields) entry[key] = text(record[key]);
  return entry;
}

/** Reads the local copy; corrupt or missing storage reads as empty. */
export function readFormSubmissions(): FormSubmission[] {
  try {
    const raw = storage()?.getItem(formSubmissionsKey);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.map(normalise).filter((e): e is FormSubmission => e !== null);
  } catch {
    return [];
  }
}

/** Appends one entry; returns false when the browser refused to store it. */
export function appendFormSubmission(entry: FormSubmission): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(formSubmissionsKey, JSON.stringify([...readFormSubmissions(), entry]));
    return true;
  } catch {
    return false;
  }
}

/** Empties the local copy. */
export function clearFormSubmissions(): void {
  try {
    storage()?.removeItem(formSubmissionsKey);
  } catch {
    // nothing stored, nothing to clear
  }
}

/** What the booking dialog sends. */
export interface BookingLeadInput {
  email: string;
  company: string;
  primaryChallenge: string;
}

const empty: Omit<FormSubmission, 'timestamp'> = {
  name: '',
  email: '',
  company: '',
  monthlyRevenue: '',
  targetRevenue: '',
  roadblock: '',
  bookingCapacity: '',
  idealOutcome: '',
};

/** Maps a booking lead (docs/product.md §7.2: Email, Company, Roadblock = primaryChallenge). */
export function fromBookingLead(lead: BookingLeadInput, at: Date = new Date()): FormSubmission {
  return {
    ...empty,
    timestamp: at.toISOString(),
    email: lead.email,
    company: lead.company,
    roadblock: lead.primaryChallenge,
  };
}

/** Maps an onboarding answer set (docs/product.md §7.2). */
export function fromOnboarding(answers: Record<string, unknown>, at: Date = new Date()): FormSubmission {
  return {
    timestamp: at.toISOString(),
    name: text(answers.email_handler_name),
    email: text(answers.contact_email),
    company: text(answers.company_name),
    monthlyRevenue: text(answers.revenue_range),
    targetRevenue: text(answers.target_cost_per_lead),
    roadblock: text(answers.pain_points),
    bookingCapacity: text(answers.monthly_lead_goal),
    idealOutcome: text(answers.success_definition),
  };
}
