import { describe, expect, it } from 'vitest';
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

  it('reports a failed read as an error', async () => {
    const load = () => Promise.reject(new Error('down'));
    const { result } = renderHook(() => useLoad(load));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current).toMatchObject({ isPending: false, isSuccess: false, data: undefined });
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
