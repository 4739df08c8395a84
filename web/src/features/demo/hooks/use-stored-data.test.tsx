import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { loadAdminSession } from '../api/admin-session';
import { getSearchJobs, type SearchJob } from '../api/search-jobs';
import { getHotAndWarmLeads, getRecentSignalCount } from '../api/stored-data';
import type { Lead } from '../types';
import { createDemoQueryClient, useStoredData } from './use-stored-data';

vi.mock('../api/admin-session', () => ({ loadAdminSession: vi.fn() }));
vi.mock('../api/search-jobs', () => ({ getSearchJobs: vi.fn() }));
vi.mock('../api/stored-data', () => ({ getHotAndWarmLeads: vi.fn(), getRecentSignalCount: vi.fn() }));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createDemoQueryClient()}>{children}</QueryClientProvider>;
}

const lead = { id: 'l1', name: 'Ana' } as Lead;
const job = (id: string) => ({ id }) as unknown as SearchJob;

describe('useStoredData', () => {
  afterEach(() => vi.resetAllMocks());

  it('gives a visitor the stored reads (empty) and no search jobs, never asking for them', async () => {
    vi.mocked(loadAdminSession).mockResolvedValue(null);
    vi.mocked(getHotAndWarmLeads).mockResolvedValue([]);
    vi.mocked(getRecentSignalCount).mockResolvedValue(0);
    const { result } = renderHook(() => useStoredData(), { wrapper });
    expect(result.current).toMatchObject({ admin: null, leads: null, signalCount: null, jobs: [] });
    await waitFor(() => expect(result.current.leads).toEqual([]));
    expect(result.current.signalCount).toBe(0);
    expect(getSearchJobs).not.toHaveBeenCalled();
  });

  it('loads an admin stored leads, signal count and jobs, and reloads the jobs on demand', async () => {
    vi.mocked(loadAdminSession).mockResolvedValue('admin@example.com');
    vi.mocked(getHotAndWarmLeads).mockResolvedValue([lead]);
    vi.mocked(getRecentSignalCount).mockResolvedValue(7);
    vi.mocked(getSearchJobs)
      .mockResolvedValueOnce([job('j1')])
      .mockResolvedValueOnce([job('j1'), job('j2')]);
    const { result } = renderHook(() => useStoredData(), { wrapper });
    await waitFor(() => expect(result.current.jobs).toEqual([job('j1')]));
    expect(result.current).toMatchObject({ admin: 'admin@example.com', signalCount: 7 });
    expect(result.current.leads).toEqual([lead]);
    await act(() => result.current.reloadJobs());
    await waitFor(() => expect(result.current.jobs).toEqual([job('j1'), job('j2')]));
    expect(getSearchJobs).toHaveBeenCalledTimes(2);
  });

  it('keeps the jobs shown when a reload fails, and says so in the console', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadAdminSession).mockResolvedValue('admin@example.com');
    vi.mocked(getHotAndWarmLeads).mockResolvedValue([]);
    vi.mocked(getRecentSignalCount).mockResolvedValue(0);
    vi.mocked(getSearchJobs)
      .mockResolvedValueOnce([job('j1')])
      .mockRejectedValueOnce(new Error('down'));
    const { result } = renderHook(() => useStoredData(), { wrapper });
    await waitFor(() => expect(result.current.jobs).toEqual([job('j1')]));
    await act(() => result.current.reloadJobs());
    expect(result.current.jobs).toEqual([job('j1')]);
    expect(log).toHaveBeenCalledWith('Could not load search jobs', expect.any(Error));
  });
});
