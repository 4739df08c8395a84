import { createContext, useContext, useEffect } from 'react';

/**
 * Set by the prerenderer (src/app/entry-server.tsx): receives each page's
 * head JSON-LD during the server render, so the static HTML carries it in
 * <head> (docs/product.md §2.4) before any JavaScript runs.
 */
export const HeadJsonLdContext = createContext<((data: unknown) => void) | null>(null);

/** The attribute marking a page's JSON-LD in <head>; the prerendered copy also carries `data-prerendered`. */
export const pageJsonLdAttribute = 'data-page-jsonld';

/** JSON for a script element; `<` is escaped so the JSON cannot close the script. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * Puts schema.org data in document.head while the calling page is mounted
 * and removes it when the page is left. The script carries `data-page-jsonld`
 * so tests and tools can find it. Pass a stable (memoised or module-level)
 * value: the script is replaced whenever `data` changes identity.
 *
 * When prerendering, the data goes into the static page's <head>; the
 * browser's first mount replaces that prerendered copy with its own, so the
 * data is never there twice and still leaves with the page.
 */
export function useHeadJsonLd(data: unknown) {
  useContext(HeadJsonLdContext)?.(data);
  useEffect(() => {
    document.head.querySelectorAll(`script[${pageJsonLdAttribute}][data-prerendered]`).forEach((s) => s.remove());
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.setAttribute(pageJsonLdAttribute, '');
    script.textContent = jsonLdText(data);
    document.head.appendChild(script);
    return () => script.remove();
  }, [data]);
}
