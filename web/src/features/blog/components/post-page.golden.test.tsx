import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { postSchema } from '../api/post-schema';
import golden from './post-page.golden.json';
import { PostFrame, PostNotFound } from './post-view';

// internal/blog/page.go draws the post page by hand so it is readable before the app loads, and
// the app's render replaces it without moving anything; a Go test writes what page.go draws for
// one post into post-page.golden.json (and fails when page.go changes), and this fails when the
// app draws that post differently. Both sides are parsed and serialized by the DOM, so only the
// markup counts, not how each escapes a quote.
function normalized(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

describe('the post page the server draws', () => {
  it('is the one the app draws', () => {
    const post = postSchema.parse(golden.post);
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <PostFrame post={post} url={golden.url} />
      </MemoryRouter>,
    );
    expect(normalized(golden.html)).toBe(normalized(html));
  });

  it("has the app's 'Post Not Found' state", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <PostNotFound />
      </MemoryRouter>,
    );
    expect(normalized(golden.notFoundHtml)).toBe(normalized(html));
  });
});
