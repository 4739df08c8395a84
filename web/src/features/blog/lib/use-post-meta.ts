import { useEffect } from 'react';
import type { Post } from '../api/post-schema';

function setMeta(selector: string, value: string) {
  document.head.querySelector(selector)?.setAttribute('content', value);
}

/**
 * Puts the loaded post's title and description in the document head (the
 * server already sent them for the first load; this keeps client-side
 * navigation in step).
 */
export function usePostMeta(post: Post | null | undefined) {
  useEffect(() => {
    if (!post) return;
    const title = `${post.title} | Signalpipe`;
    document.title = title;
    setMeta('meta[name="description"]', post.excerpt);
    setMeta('meta[property="og:title"]', title);
    setMeta('meta[property="og:description"]', post.excerpt);
    setMeta('meta[name="twitter:title"]', title);
    setMeta('meta[name="twitter:description"]', post.excerpt);
  }, [post]);
}
