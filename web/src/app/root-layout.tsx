import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentMeta } from './document-meta';

/** The outermost route: keeps the document head in step and restores scroll. */
export function RootLayout() {
  useEffect(() => {
    // Lets tests and tooling tell a prerendered page from a live one.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <>
      <DocumentMeta />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
