import { useEffect } from 'react';
import type { Post } from '../api/post-schema';

function setMeta(selector: string, value: string) {
  document.head.querySelector(selector)?.setAttribute('content', value);
}

/**
 * Puts the loaded post's title and description in the document head, or the
 * not-found title and noindex when there is no such post (the server already
 * sent them for the first load; this keeps client-side navigation in step and
 * runs after the route's own DocumentMeta, which would otherwise win).
 */
export function usePostMeta(post: Post | null | undefined) {
  useEffect(() => {
    if (post === undefined) return;
    const title = `${post ? post.title : 'Post Not Found'} | Signalpipe`;
    const description = post ? post.excerpt : "The blog post you're looking for doesn't exist.";
    document.title = title;
    setMeta('meta[name="description"]', description);
    setMeta('meta[name="robots"]', post ? 'index, follow' : 'noindex, nofollow');
    setMeta('meta[property="og:title"]', title);
    setMeta('meta[property="og:description"]', description);
    setMeta('meta[name="twitter:title"]', title);
    setMeta('meta[name="twitter:description"]', description);
  }, [post]);
}
