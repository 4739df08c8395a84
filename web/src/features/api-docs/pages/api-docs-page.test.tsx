import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { openApiDocument } from '../content/openapi-document';
import ApiDocsPage from './api-docs-page';

describe('API reference page', () => {
  // Queried with selectors: role queries over the whole reference are slow in jsdom.
  it('shows every endpoint of the document as a heading, with a table of contents linking to it', () => {
    const { container } = render(<ApiDocsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'API Reference' })).toBeInTheDocument();
    const tocHrefs = [...container.querySelectorAll('nav[aria-labelledby="api-toc-title"] a')].map((a) => a.getAttribute('href'));
    const endpoints = [...container.querySelectorAll('article h3')].map((h) => [h.textContent, h.closest('article')!.id]);
    const expected = Object.entries(openApiDocument.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => m !== 'parameters')
        .map((m) => `${m.toUpperCase()}${path}`),
    );
    expect(expected.length).toBeGreaterThan(5);
    for (const e of expected) {
      const found = endpoints.find(([text]) => text === e);
      expect(found, e).toBeDefined();
      expect(tocHrefs).toContain(`#${found![1]}`);
    }
  });

  it('links a named shape to its one definition', () => {
    const { container } = render(<ApiDocsPage />);
    const links = [...container.querySelectorAll<HTMLAnchorElement>('article a[href^="#schema-"]')];
    expect(links.length).toBeGreaterThan(0);
    for (const a of links) expect(container.querySelectorAll(a.getAttribute('href')!)).toHaveLength(1);
    expect(container.querySelector('#schemas-title')).toHaveTextContent('Schemas');
    expect(container.querySelector('#overview a[href="/api/openapi.json"]')).toHaveTextContent('OpenAPI document');
  });
});

describe('schema types', () => {
  it('shows a linked shape by its name, and a list of them as "array of Name"', () => {
    const { container } = render(<ApiDocsPage />);
    const errorRow = container.querySelector('article li a[href="#schema-error"]')!.closest('code')!;
    expect(errorRow).toHaveTextContent(/^Error$/);
    const list = container.querySelector('article li a[href="#schema-lead"]')!.closest('code')!;
    expect(list).toHaveTextContent(/^array of Lead$/);
  });
});
