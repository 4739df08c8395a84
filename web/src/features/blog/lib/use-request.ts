import { useCallback, useEffect, useRef, useState } from 'react';

/** A read's progress, as the public blog list shows it. */
export interface Loaded<T> {
  data: T | undefined;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}

type LoadState<T> = { key: string; status: 'pending' | 'success' | 'error'; data?: T };

/**
 * Runs a read on mount and again when key changes. The public blog pages need
 * no query cache (each visit shows what the API has now), so they do without
 * the query library, which would otherwise be on their first paint's critical
 * path. `load` must be stable for a key. With initial (the post the server
 * embedded in the page), the first key starts loaded and is not fetched.
 */
export function useLoad<T>(load: () => Promise<T>, key = '', initial?: { data: T }): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>(() =>
    initial ? { key, status: 'success', data: initial.data } : { key, status: 'pending' },
  );
  const skip = useRef<string | null>(initial ? key : null);
  useEffect(() => {
    if (skip.current === key) {
      skip.current = null;
      return;
    }
    let current = true;
    // A failed read is tried once more before it shows as an error.
    load()
      .catch(() => load())
      .then(
        (data) => current && setState({ key, status: 'success', data }),
        () => current && setState({ key, status: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [load, key]);
  const shown: LoadState<T> = state.key === key ? state : { key, status: 'pending' };
  return {
    data: shown.data,
    isPending: shown.status === 'pending',
    isSuccess: shown.status === 'success',
    isError: shown.status === 'error',
  };
}

/** One read of several loaded together (see useLoad over Promise.allSettled); pending while undefined. */
export function settled<T>(result: PromiseSettledResult<T> | undefined): Loaded<T> {
  return {
    data: result?.status === 'fulfilled' ? result.value : undefined,
    isPending: result === undefined,
    isSuccess: result?.status === 'fulfilled',
    isError: result?.status === 'rejected',
  };
}

/** A submission's progress and its trigger. */
export interface Action<I, T> extends Loaded<T> {
  error: unknown;
  run: (input: I, onSuccess?: (data: T) => void) => void;
}

/** A submission (the newsletter form's): idle until run, then pending, success or error. */
export function useAction<I, T>(act: (input: I) => Promise<T>): Action<I, T> {
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'success' | 'error'; data?: T; error?: unknown }>({
    status: 'idle',
  });
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(
    (input: I, onSuccess?: (data: T) => void) => {
      setState({ status: 'pending' });
      act(input).then(
        (data) => {
          if (!mounted.current) return;
          setState({ status: 'success', data });
          onSuccess?.(data);
        },
        (error: unknown) => mounted.current && setState({ status: 'error', error }),
      );
    },
    [act],
  );
  return {
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    run,
  };
}
