import { onboardingFields, onboardingSource, onboardingSteps } from '@/lib/onboarding-fields';

/** The answers of the questionnaire as typed: text, or the ticked values of a list. */
export type Answers = Record<string, string | string[]>;

/** Number of steps (docs/product.md §6.1). */
export const stepCount = onboardingSteps.length;

/** Keeps a step number within 1..stepCount. */
export function clampStep(step: number): number {
  if (!Number.isFinite(step)) return 1;
  return Math.min(stepCount, Math.max(1, Math.trunc(step)));
}

/** The text answer of a field ('' when unanswered). */
export function textAnswer(answers: Answers, name: string): string {
  const v = answers[name];
  return typeof v === 'string' ? v : '';
}

/** The ticked values of a list field. */
export function listAnswer(answers: Answers, name: string): string[] {
  const v = answers[name];
  return Array.isArray(v) ? v : [];
}

/**
 * The body of POST /api/onboarding: every field by its spec name, lists in
 * option order, `monthly_lead_goal` as a number, unanswered optional choices
 * left out, plus `submitted_at` and `source`.
 */
export function buildPayload(answers: Answers, now: Date = new Date()): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of onboardingFields) {
    if (field.kind === 'checkboxes') {
      const ticked = new Set(listAnswer(answers, field.name));
      payload[field.name] = (field.options ?? []).map((o) => o.value).filter((v) => ticked.has(v));
      continue;
    }
    const value = textAnswer(answers, field.name).trim();
    if (field.kind === 'number') {
      if (value !== '' && Number.isFinite(Number(value))) payload[field.name] = Number(value);
    } else if (field.kind === 'select' || field.kind === 'radio') {
      if (value !== '') payload[field.name] = value;
    } else {
      payload[field.name] = value;
    }
  }
  payload.submitted_at = now.toISOString();
  payload.source = onboardingSource;
  return payload;
}
