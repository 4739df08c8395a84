import { useCallback } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { settled, useLoad } from './use-request';

describe('useLoad', () => {
  it('is pending, then holds the data', async () => {
    const load = () => Promise.resolve([1, 2]);
    const { result } = renderHook(() => useLoad(load));
    expect(result.current).toMatchObject({ isPending: true, isSuccess: false, isError: false, data: undefined });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([1, 2]);
  });

  it('tries a failed read once more, then reports it as an error', async () => {
    const load = vi.fn(() => Promise.reject(new Error('down')));
    const { result } = renderHook(() => useLoad(load));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current).toMatchObject({ isPending: false, isSuccess: false, data: undefined });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts from initial data without a fetch, and loads again when the key changes', async () => {
    const load = vi.fn((slug: string) => Promise.resolve(`post ${slug}`));
    const { result, rerender } = renderHook(
      ({ slug }) =>
        useLoad(
          useCallback(() => load(slug), [slug]),
          slug,
          slug === 'a' ? { data: 'embedded a' } : undefined,
        ),
      {
        initialProps: { slug: 'a' },
      },
    );
    expect(result.current).toMatchObject({ isSuccess: true, data: 'embedded a' });
    rerender({ slug: 'b' });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toBe('post b'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('b');
  });
});

describe('settled', () => {
  it('maps one result of Promise.allSettled to a read state', () => {
    expect(settled(undefined)).toEqual({ data: undefined, isPending: true, isSuccess: false, isError: false });
    expect(settled({ status: 'fulfilled', value: 'x' })).toEqual({ data: 'x', isPending: false, isSuccess: true, isError: false });
    expect(settled({ status: 'rejected', reason: new Error('x') })).toEqual({
      data: undefined,
      isPending: false,
      isSuccess: false,
      isError: true,
    });
  });
});
