import { onboardingFields, onboardingSteps, optionLabel } from '@/lib/onboarding-fields';
import { formatDateTime, formatValue } from '../lib/format';

type Payload = Record<string, unknown>;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="whitespace-pre-line break-words text-sm text-slate-100">{value}</dd>
    </div>
  );
}

const bookingLabels: Array<[string, string]> = [
  ['email', 'Email'],
  ['company', 'Company'],
  ['primaryChallenge', 'Primary challenge'],
  ['url', 'Page'],
  ['source', 'Source'],
  ['userAgent', 'Browser'],
];

/** A booking lead's answers, labelled. */
export function BookingAnswers({ payload }: { payload: Payload }) {
  const sent = typeof payload.timestamp === 'number' ? new Date(payload.timestamp).toISOString() : undefined;
  return (
    <dl className="divide-y divide-ink-700">
      {bookingLabels.map(([key, label]) => (
        <Row key={key} label={label} value={formatValue(payload[key])} />
      ))}
      <Row label="Sent at (browser)" value={formatDateTime(sent)} />
    </dl>
  );
}

function onboardingValue(name: string, value: unknown): string {
  const field = onboardingFields.find((f) => f.name === name);
  if (!field?.options) return formatValue(value);
  if (Array.isArray(value)) return formatValue(value.map((v) => optionLabel(field, String(v))));
  return typeof value === 'string' && value ? optionLabel(field, value) : formatValue(value);
}

/** Every onboarding answer, labelled and grouped by the questionnaire's steps. */
export function OnboardingAnswers({ payload }: { payload: Payload }) {
  const known = new Set([...onboardingFields.map((f) => f.name), 'submitted_at', 'source']);
  const extra = Object.keys(payload).filter((k) => !known.has(k));
  return (
    <div className="space-y-6">
      {onboardingSteps.map((step, i) => (
        <section key={step.title} aria-labelledby={`answers-step-${i}`}>
          <h3 id={`answers-step-${i}`} className="text-sm font-semibold uppercase tracking-wide text-brand-300">
            {i + 1}. {step.title}
          </h3>
          <dl className="mt-1 divide-y divide-ink-700">
            {step.fields.map((f) => (
              <Row key={f.name} label={f.label} value={onboardingValue(f.name, payload[f.name])} />
            ))}
          </dl>
        </section>
      ))}
      <section aria-labelledby="answers-meta">
        <h3 id="answers-meta" className="text-sm font-semibold uppercase tracking-wide text-brand-300">
          Submission
        </h3>
        <dl className="mt-1 divide-y divide-ink-700">
          <Row label="Submitted at (browser)" value={formatDateTime(payload.submitted_at as string | undefined)} />
          <Row label="Source" value={formatValue(payload.source)} />
          {extra.map((k) => (
            <Row key={k} label={k} value={formatValue(payload[k])} />
          ))}
        </dl>
      </section>
    </div>
  );
}
