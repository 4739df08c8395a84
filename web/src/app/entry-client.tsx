import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { createRoutes } from './routes';
import '../styles.css';

/**
 * Loads the lazy page modules the current URL needs before hydrating, so the
 * first client render is the same tree the prerenderer wrote (no flash, no
 * hydration mismatch).
 */
async function resolveInitialRoutes(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('missing #root');
  const routes = createRoutes();
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await resolveInitialRoutes(routes);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
