import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, routeFor } from './app';
import { loadPage } from './pages';
import '../styles.css';

/**
 * Loads the current page's module before hydrating, so the first client render
 * is the same tree the prerenderer wrote (no flash, no hydration mismatch).
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('missing #root');
  // A dynamic route's shell holds markup the server wrote, not React's: the
  // app renders over it (same layout, so nothing moves) instead of hydrating.
  const prerendered = container.firstElementChild !== null && container.dataset.render !== 'client';
  await loadPage(routeFor(window.location.pathname).page).catch(() => undefined);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // As a transition, React hydrates (or renders) in slices of a few
  // milliseconds instead of one long task, so the page stays responsive
  // (and Lighthouse's total blocking time low) while it becomes interactive.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start();
