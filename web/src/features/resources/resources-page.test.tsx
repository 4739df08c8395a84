import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { guides } from './content/guides';
import { tools } from './content/tools';
import ResourcesPage from './pages/resources-page';

const headScripts = () => document.head.querySelectorAll('script[type="application/ld+json"][data-page-jsonld]');

function renderPage() {
  const router = createMemoryRouter([{ path: '/resources', Component: ResourcesPage }], {
    initialEntries: ['/resources'],
  });
  return render(<RouterProvider router={router} />);
}

describe('resources content', () => {
  it('has the six guides with the specified slugs and page counts, in order', () => {
    expect(guides.map((g) => [g.slug, g.stats.pages])).toEqual([
      ['b2c-cold-email-playbook', 48],
      ['lead-scraping-directory', 62],
      ['n8n-sales-automation', 55],
      ['signal-breach-report', 42],
      ['ai-first-optimization-guide', 75],
      ['signal-intent-engine', 35],
    ]);
  });

  it('has the four tool cards with their types and targets, only the calculator popular', () => {
    expect(tools.map((t) => [t.title, t.type, t.link?.href, t.link?.navigation, Boolean(t.popular)])).toEqual([
      ['ROI Calculator', 'interactive', '/resources/roi-calculator', 'document', true],
      ['Sales Signal Checklist', 'download', '/sales-signal-checklist.pdf', 'document', false],
      ['Integration Guide', 'documentation', '/docs/api', 'route', false],
      ['HTML to PDF Converter', 'interactive', '/tools/pdf-converter', 'document', false],
    ]);
  });
});

describe('ResourcesPage', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds CollectionPage data to head while mounted and removes it on unmount', () => {
    const view = renderPage();
    expect(headScripts()).toHaveLength(1);
    const data = JSON.parse(headScripts()[0].textContent ?? '');
    expect(data['@type']).toBe('CollectionPage');
    expect(data.mainEntity.itemListElement).toHaveLength(tools.length + guides.length);
    view.unmount();
    expect(headScripts()).toHaveLength(0);
  });

  it('renders the tool and guide links, and no empty lists', () => {
    renderPage();
    const h3 = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(h3).toEqual([...tools.map((t) => t.title), ...guides.map((g) => g.title)]);
    expect(screen.getByRole('link', { name: /Calculate Your ROI/ })).toHaveAttribute('href', '/resources/roi-calculator');
    expect(screen.getByRole('link', { name: /Open the PDF Converter/ })).toHaveAttribute('href', '/tools/pdf-converter');
    expect(screen.getByRole('link', { name: /Read the Integration Guide/ })).toHaveAttribute('href', '/docs/api');
    for (const g of guides) {
      expect(screen.getByRole('link', { name: g.ctaText })).toHaveAttribute('href', `/reports/${g.slug}`);
    }
    expect(document.getElementById('learning')).toBeNull();
    expect(document.getElementById('case-studies')).toBeNull();
    const closing = screen.getByRole('region', { name: /Ready to stop guessing/ });
    expect(within(closing).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/onboarding');
  });

  it('never skips a heading level', () => {
    renderPage();
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName[1]));
    levels.forEach((level, i) => {
      if (i > 0) expect(level - levels[i - 1]).toBeLessThanOrEqual(1);
    });
    expect(levels[0]).toBe(1);
  });
});
