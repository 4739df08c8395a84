import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { postSchema } from '../api/post-schema';
import { PostArticle } from './post-article';

// What GET /api/blog/posts/{slug} answers for content "A **bold** move\n- one\n- two"
// (internal/blog/markdown.go renders it; the app shows it as is).
const answer = {
  _id: 'p1',
  title: 'T',
  slug: 't',
  excerpt: 'E',
  content: 'A **bold** move\n- one\n- two',
  contentHtml: '<p>A <strong>bold</strong> move</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
  category: 'ai-automation',
  tags: [],
  authorName: 'A',
  authorRole: 'R',
  featured: false,
  readTime: 5,
  status: 'published',
  publishedAt: 1700000000000,
};

describe('PostArticle', () => {
  it("shows the server's rendered content: **bold** as <strong>, lists as lists", () => {
    const { container } = render(<PostArticle post={postSchema.parse(answer)} url="https://sp.example/blog/t" />);
    expect(container.querySelector('article strong')).toHaveTextContent('bold');
    expect([...container.querySelectorAll('article ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('article')).not.toHaveTextContent('**');
  });

  it('never puts the raw content in as HTML', () => {
    const post = postSchema.parse({ ...answer, content: '<b>raw</b>', contentHtml: '<p>&lt;b&gt;raw&lt;/b&gt;</p>' });
    const { container } = render(<PostArticle post={post} url="u" />);
    expect(container.querySelector('article b')).toBeNull();
    expect(container.querySelector('article')).toHaveTextContent('<b>raw</b>');
  });
});
