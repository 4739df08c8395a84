import { createContext, useContext } from 'react';
import type { RouteDef } from '@/config/paths';

/** Title, description and indexing of the page being shown. */
export type RouteMeta = Pick<RouteDef, 'title' | 'description'> & { noindex?: boolean };

/** The route table entry of the page being rendered. */
export const RouteMetaContext = createContext<RouteMeta | null>(null);

/** The current page's title and description, from the route table. */
export function useRouteMeta(): RouteMeta | null {
  return useContext(RouteMetaContext);
}
