import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { notFound, routeList, type RouteDef } from '@/config/paths';
import { RootLayout } from './root-layout';
import { MarketingLayout } from '@/components/layout/marketing-layout';

/** What a page module exports: its page component as the default export. */
export interface PageModule {
  default: ComponentType;
}

/** Data every route carries, read by DocumentMeta and the prerenderer. */
export interface RouteHandle {
  meta: Pick<RouteDef, 'path' | 'title' | 'description'> & { noindex?: boolean };
  /** Source file of the page, for the build manifest (modulepreload hints). */
  page: string;
}

const pageModules = import.meta.glob<PageModule>(['../features/*/pages/*.tsx', '!../features/**/*.test.tsx']);

function lazyPage(page: string): RouteObject['lazy'] {
  const load = pageModules[page];
  if (!load) throw new Error(`route table names a missing page module: ${page}`);
  return async () => ({ Component: (await load()).default });
}

function pageRoute(def: RouteDef): RouteObject {
  const handle: RouteHandle = {
    meta: { path: def.path, title: def.title, description: def.description, noindex: def.noindex },
    page: def.page,
  };
  return { path: def.path, lazy: lazyPage(def.page), handle };
}

/** Builds the router's route objects from the route table (fresh objects per call). */
export function createRoutes(): RouteObject[] {
  const notFoundRoute: RouteObject = {
    path: '*',
    lazy: lazyPage(notFound.page),
    handle: {
      meta: { path: '', title: notFound.title, description: notFound.description, noindex: true },
      page: notFound.page,
    } satisfies RouteHandle,
  };
  return [
    {
      id: 'root',
      Component: RootLayout,
      children: [
        {
          id: 'marketing',
          Component: MarketingLayout,
          children: [
            ...routeList.filter((r) => r.layout === 'marketing').map(pageRoute),
            notFoundRoute,
          ],
        },
        ...routeList.filter((r) => r.layout === 'bare').map(pageRoute),
      ],
    },
  ];
}
