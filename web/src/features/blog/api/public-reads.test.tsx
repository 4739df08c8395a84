import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createPublicQueryClient, settled, usePost, usePublicList } from './public-reads';
import { getCategories, getFeaturedPosts, getPost, getPublishedPosts } from './reads';
import type { Post } from './post-schema';

vi.mock('./reads', () => ({
  getPost: vi.fn(),
  getPublishedPosts: vi.fn(),
  getFeaturedPosts: vi.fn(),
  getCategories: vi.fn(),
}));
// The server embedded post 'a' in this document.
vi.mock('../lib/page-data', () => ({
  embeddedPost: (slug: string | undefined) => (slug === 'a' ? { data: { slug: 'a', title: 'embedded a' } } : undefined),
}));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createPublicQueryClient()}>{children}</QueryClientProvider>;
}

const post = (slug: string) => ({ slug, title: `post ${slug}` }) as unknown as Post;

describe('usePost', () => {
  afterEach(() => vi.resetAllMocks());

  it('starts from the embedded post without a fetch, and loads again when the slug changes', async () => {
    vi.mocked(getPost).mockImplementation((slug) => Promise.resolve(post(slug)));
    const { result, rerender } = renderHook(({ slug }) => usePost(slug), { wrapper, initialProps: { slug: 'a' } });
    expect(result.current).toMatchObject({ isSuccess: true, data: { title: 'embedded a' } });
    rerender({ slug: 'b' });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data?.title).toBe('post b'));
    expect(getPost).toHaveBeenCalledTimes(1);
    expect(getPost).toHaveBeenCalledWith('b');
  });

  it('tries a failed read once more, then reports it as an error', async () => {
    vi.mocked(getPost).mockRejectedValue(new Error('down'));
    const { result } = renderHook(() => usePost('b'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current).toMatchObject({ isPending: false, isSuccess: false, data: undefined });
    expect(getPost).toHaveBeenCalledTimes(2);
  });
});

describe('usePublicList', () => {
  afterEach(() => vi.resetAllMocks());

  it('is pending, then holds the three reads, each settled on its own', async () => {
    vi.mocked(getPublishedPosts).mockResolvedValue([post('x')]);
    vi.mocked(getFeaturedPosts).mockRejectedValue(new Error('down'));
    vi.mocked(getCategories).mockResolvedValue([{ slug: 'c', name: 'C' }] as never);
    const { result } = renderHook(() => usePublicList(), { wrapper });
    expect(result.current.posts).toMatchObject({ isPending: true, isSuccess: false, isError: false, data: undefined });
    await waitFor(() => expect(result.current.posts.isSuccess).toBe(true));
    expect(result.current.posts.data).toEqual([post('x')]);
    expect(result.current.featured).toMatchObject({ isError: true, data: undefined });
    expect(result.current.categories.data).toEqual([{ slug: 'c', name: 'C' }]);
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
