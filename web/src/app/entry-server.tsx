import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createRoutes, type RouteHandle } from './routes';
import { headTags } from './head';
import { baseUrlToken } from '@/lib/base-url';

/** The result of prerendering one URL. */
export interface RenderResult {
  html: string;
  head: string;
  status: number;
  /** Source files of the matched page modules (for modulepreload hints). */
  pages: string[];
}

/** Renders one URL of the app to static HTML (used by scripts/prerender.mjs). */
export async function render(pathname: string): Promise<RenderResult> {
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname}: unexpected redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const handles = context.matches
    .map((m) => m.route.handle as RouteHandle | undefined)
    .filter((h): h is RouteHandle => h !== undefined);
  const leaf = handles.at(-1);
  if (!leaf) throw new Error(`${pathname}: no route handle`);
  return {
    html,
    head: headTags(leaf.meta, baseUrlToken + pathname),
    status: context.statusCode,
    pages: handles.map((h) => h.page),
  };
}

export { routeList } from '@/config/paths';
export { headTags } from './head';
export { baseUrlToken } from '@/lib/base-url';
