import { describe, expect, it } from 'vitest';
import intake from '@/config/generated/intake.json';
import { onboardingFields, serverFields } from './onboarding-fields';

// The server (internal/intake/fields.go, through the intake.json go generate writes) owns the
// questionnaire's fields; the steps only draw them.
describe('onboarding fields', () => {
  it('draws every field the server accepts, once, in its order', () => {
    expect(onboardingFields.map((f) => f.name)).toEqual(serverFields.map((f) => f.name));
  });

  it('marks a field required exactly when the server requires it', () => {
    for (const s of serverFields) {
      const f = onboardingFields.find((x) => x.name === s.name);
      expect(Boolean(f?.required || f?.everyRequired), s.name).toBe(s.required);
    }
  });

  it('offers the server options, each with a label of its own', () => {
    for (const s of intake.fields) {
      const f = onboardingFields.find((x) => x.name === s.name);
      expect(f?.options?.map((o) => o.value) ?? [], s.name).toEqual(s.options);
      for (const o of f?.options ?? []) expect(o.label, `${s.name} ${o.value}`).not.toBe('');
    }
  });

  it('gives a picked-one field a human label for every value', () => {
    for (const f of onboardingFields.filter((x) => x.kind === 'select' || x.kind === 'radio')) {
      for (const o of f.options ?? []) expect(o.label, `${f.name} ${o.value}`).not.toBe(o.value);
    }
  });

  it('uses input kinds that fit what the server validates', () => {
    const fits: Record<string, readonly string[]> = {
      text: ['text', 'tel', 'textarea'],
      email: ['email'],
      url: ['url'],
      number: ['number'],
      enum: ['select', 'radio'],
      list: ['checkboxes'],
    };
    for (const s of serverFields) {
      const f = onboardingFields.find((x) => x.name === s.name);
      expect(fits[s.kind], `${s.name} is ${s.kind} on the server`).toContain(f?.kind);
    }
  });
});
