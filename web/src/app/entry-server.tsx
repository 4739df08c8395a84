import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App, notFoundRoute, routeFor } from './app';
import { headTags } from './head';
import { loadPage } from './pages';
import { HeadJsonLdContext, jsonLdText, pageJsonLdAttribute } from '@/components/content/use-head-json-ld';
import { baseUrlToken } from '@/lib/base-url';

/** The result of prerendering one URL. */
export interface RenderResult {
  html: string;
  head: string;
  status: number;
  /** Source files of the page modules rendered (for modulepreload hints). */
  pages: string[];
}

/** Renders one URL of the app to static HTML (used by scripts/prerender.mjs). */
export async function render(pathname: string): Promise<RenderResult> {
  const route = routeFor(pathname);
  await loadPage(route.page);
  const jsonLd: unknown[] = [];
  const collect = (data: unknown) => {
    if (!jsonLd.includes(data)) jsonLd.push(data);
  };
  const html = renderToString(
    <StrictMode>
      <HeadJsonLdContext value={collect}>
        <StaticRouter location={pathname}>
          <App />
        </StaticRouter>
      </HeadJsonLdContext>
    </StrictMode>,
  );
  // The page's head JSON-LD (useHeadJsonLd) in <head>, as docs/product.md §2.4 asks.
  const scripts = jsonLd.map(
    (data) => `<script type="application/ld+json" ${pageJsonLdAttribute} data-prerendered>${jsonLdText(data)}</script>`,
  );
  return {
    html,
    head: [headTags(route, baseUrlToken + pathname), ...scripts].join('\n    '),
    status: route === notFoundRoute ? 404 : 200,
    pages: [route.page],
  };
}

export { routeList } from '@/config/paths';
export { headTags } from './head';
export { baseUrlToken } from '@/lib/base-url';
export { renderPostTemplates } from '@/features/blog/components/post-template';
