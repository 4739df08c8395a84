import { useCallback, useEffect, useState } from 'react';
import { clampStep, type Answers } from '../lib/answers';

/** sessionStorage key of the draft: survives a reload, not the end of the session. */
export const draftKey = 'signalpipe_onboarding_draft';

/** Where the visitor is and what they have answered. */
export interface Draft {
  step: number;
  answers: Answers;
}

const fresh: Draft = { step: 1, answers: {} };

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isAnswer(v: unknown): v is string | string[] {
  return typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
}

/** The saved draft, or null when there is none or it is unreadable. */
export function readDraft(): Draft | null {
  try {
    const raw = session()?.getItem(draftKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { step?: unknown; answers?: unknown };
    if (typeof parsed !== 'object' || parsed === null) return null;
    const answers: Answers = {};
    if (typeof parsed.answers === 'object' && parsed.answers !== null) {
      for (const [k, v] of Object.entries(parsed.answers)) if (isAnswer(v)) answers[k] = v;
    }
    return { step: clampStep(Number(parsed.step)), answers };
  } catch {
    return null;
  }
}

function writeDraft(draft: Draft) {
  try {
    const store = session();
    if (!store) return;
    if (draft.step === 1 && Object.keys(draft.answers).length === 0) store.removeItem(draftKey);
    else store.setItem(draftKey, JSON.stringify(draft));
  } catch {
    // storage full or blocked: the in-memory draft still works
  }
}

/**
 * One in-memory draft of the questionnaire, mirrored to sessionStorage. The
 * saved copy is read in an effect, after hydration, so the prerendered HTML
 * and the first client render agree.
 */
export function useOnboardingDraft() {
  const [draft, setDraft] = useState<Draft>(fresh);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const saved = readDraft();
    if (saved) setDraft(saved);
    setRestored(true);
  }, []);

  useEffect(() => {
    if (restored) writeDraft(draft);
  }, [draft, restored]);

  const setStep = useCallback((step: number) => setDraft((d) => ({ ...d, step: clampStep(step) })), []);
  const setAnswer = useCallback(
    (name: string, value: string | string[]) => setDraft((d) => ({ ...d, answers: { ...d.answers, [name]: value } })),
    [],
  );
  const reset = useCallback(() => setDraft(fresh), []);

  return { draft, restored, setStep, setAnswer, reset };
}
