import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PostDisplay } from './post-article';
import { PostFrameView, PostNotFound } from './post-view';

/** A named slot as it stands in the drawn markup: `[[sp:title]]`. */
export const slot = (name: string) => `[[sp:${name}]]`;

/**
 * The post's display strings as slots. The single tag marks the list item the server repeats
 * for each tag (and the list it drops when there are none); contentHtml is filled with the
 * server's sanitized HTML, the others with escaped text.
 */
export const slotPost: PostDisplay = {
  category: slot('category'),
  title: slot('title'),
  excerpt: slot('excerpt'),
  authorName: slot('authorName'),
  authorRole: slot('authorRole'),
  isoDate: slot('isoDate'),
  date: slot('date'),
  readTime: slot('readTime'),
  tags: [slot('tag')],
  contentHtml: slot('content'),
  shareX: slot('shareX'),
  shareLinkedIn: slot('shareLinkedIn'),
};

/**
 * The post page's markup with named slots, and its 'Post Not Found' state, drawn once at build
 * time (scripts/prerender.mjs writes them to dist/templates/) so the Go server sends the app's
 * own markup for a post before the JavaScript runs, filling the slots with escaped values
 * (internal/blog/page.go), and no markup is written twice.
 */
export function renderPostTemplates(): { post: string; notFound: string } {
  const draw = (node: ReactNode) => renderToStaticMarkup(<StaticRouter location="/blog">{node}</StaticRouter>);
  return { post: draw(<PostFrameView post={slotPost} />), notFound: draw(<PostNotFound />) };
}
