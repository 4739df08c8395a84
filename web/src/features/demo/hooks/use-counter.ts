import { useEffect, useState } from 'react';
import { counterValues, stepInterval } from '../lib/counter';

/** Counts from 0 to `target` in `steps` steps over `durationMs`; `done` turns true at the end. */
export function useCounter(target: number, steps: number, durationMs: number) {
  const [step, setStep] = useState(0);

  useEffect(() => {
    const values = counterValues(target, steps);
    let i = 0;
    const timer = setInterval(
      () => {
        i += 1;
        setStep(i);
        if (i >= values.length) clearInterval(timer);
      },
      stepInterval(durationMs, steps),
    );
    return () => clearInterval(timer);
  }, [target, steps, durationMs]);

  const value = step === 0 ? 0 : (counterValues(target, steps)[step - 1] ?? target);
  return { value, done: step >= steps };
}
