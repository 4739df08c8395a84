import { Suspense, use, useEffect } from 'react';
import { matchRoutes, Route, Routes, type RouteObject } from 'react-router';
import { notFound, routeList, type RouteDef } from '@/config/paths';
import { MarketingLayout } from '@/components/layout/marketing-layout';
import { PageViewBeacon } from '@/features/analytics/components/page-view-beacon';
import { DocumentMeta } from './document-meta';
import { loadPage } from './pages';
import { RouteMetaContext } from './route-meta';
import { ScrollToTop } from './scroll-to-top';

/** A route of the table as the app renders it; the not-found screen has path '*'. */
export type AppRoute = Pick<RouteDef, 'path' | 'page' | 'title' | 'description' | 'noindex' | 'layout' | 'keywords' | 'whiteLabel'>;

/** The not-found screen as a route. */
export const notFoundRoute: AppRoute = { ...notFound, path: '*', layout: 'marketing', noindex: true };

function Page({ route }: { route: AppRoute }) {
  // Suspends until the page's chunk is here; a chunk already loaded renders at once (pages.ts).
  const Component = use(loadPage(route.page));
  return <Component />;
}

function RoutePage({ route }: { route: AppRoute }) {
  return (
    <RouteMetaContext.Provider value={route}>
      <DocumentMeta meta={route} />
      <Suspense
        fallback={
          <p className="sr-only" role="status">
            Loading…
          </p>
        }
      >
        <Page route={route} />
      </Suspense>
    </RouteMetaContext.Provider>
  );
}

const marketing = routeList.filter((r) => r.layout === 'marketing');
const bare = routeList.filter((r) => r.layout === 'bare');

/** The whole app: every route of the table, in its layout. */
export function App() {
  useEffect(() => {
    // Lets tests and tooling tell a prerendered page from a live one.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <>
      <ScrollToTop />
      <PageViewBeacon />
      <Routes>
        <Route element={<MarketingLayout />}>
          {marketing.map((r) => (
            <Route key={r.path} path={r.path} element={<RoutePage route={r} />} />
          ))}
          <Route path="*" element={<RoutePage route={notFoundRoute} />} />
        </Route>
        {bare.map((r) => (
          <Route key={r.path} path={r.path} element={<RoutePage route={r} />} />
        ))}
      </Routes>
    </>
  );
}

const matchable: RouteObject[] = [...routeList, notFoundRoute].map((r) => ({ path: r.path, id: r.path }));

/** The route the app shows for a pathname (the not-found route when none matches). */
export function routeFor(pathname: string): AppRoute {
  const id = matchRoutes(matchable, pathname)?.at(-1)?.route.id;
  return routeList.find((r) => r.path === id) ?? notFoundRoute;
}
