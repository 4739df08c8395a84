import { useEffect, useLayoutEffect, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';

/** The three states of the checkbox control (docs/product.md §2.4). */
export type CheckedState = boolean | 'indeterminate';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'defaultChecked' | 'onChange'>;

export interface CheckboxProps extends NativeProps {
  /** Controlled state; leave undefined to let the checkbox keep its own. */
  checked?: CheckedState;
  /** Initial state of an uncontrolled checkbox. */
  defaultChecked?: CheckedState;
  /** Called with the next state on click and on form reset. */
  onCheckedChange?: (checked: CheckedState) => void;
}

// useLayoutEffect warns during server rendering; the effect only touches the DOM.
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A checkbox on a native `<input type="checkbox">` with a third,
 * indeterminate state. A click toggles it and an indeterminate one becomes
 * checked; Enter is blocked so it never submits a form; inside a form a
 * reset restores the state it started with (indeterminate included).
 */
export function Checkbox({ checked, defaultChecked = false, onCheckedChange, onKeyDown, className = '', ...rest }: CheckboxProps) {
  const [own, setOwn] = useState<CheckedState>(defaultChecked);
  const controlled = checked !== undefined;
  const state = controlled ? checked : own;
  const [initial] = useState<CheckedState>(state);
  const input = useRef<HTMLInputElement>(null);

  const latest = useRef({ controlled, onCheckedChange });
  latest.current = { controlled, onCheckedChange };

  const update = (next: CheckedState) => {
    if (!latest.current.controlled) setOwn(next);
    latest.current.onCheckedChange?.(next);
  };

  useIsomorphicLayoutEffect(() => {
    if (!input.current) return;
    input.current.indeterminate = state === 'indeterminate';
    input.current.checked = state === true;
  });

  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    // The reset event fires before the browser resets the controls, and the
    // browser leaves `indeterminate` alone; restore both after it is done.
    const onReset = () =>
      queueMicrotask(() => {
        if (input.current) {
          input.current.indeterminate = initial === 'indeterminate';
          input.current.checked = initial === true;
        }
        update(initial);
      });
    form.addEventListener('reset', onReset);
    return () => form.removeEventListener('reset', onReset);
    // `update` reads the latest props through a ref, so only `initial` matters.
  }, [initial]);

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.preventDefault();
    onKeyDown?.(e);
  };

  return (
    <input
      {...rest}
      ref={input}
      type="checkbox"
      checked={state === true}
      onChange={() => update(state === 'indeterminate' ? true : !state)}
      onKeyDown={handleKeyDown}
      className={`h-5 w-5 shrink-0 cursor-pointer rounded border-ink-600 accent-brand-400 ${className}`}
    />
  );
}
