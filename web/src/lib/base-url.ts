/**
 * Token the prerenderer writes where the site's absolute origin belongs; the
 * Go server replaces it with BASE_URL when it loads the embedded pages.
 */
export const baseUrlToken = '__SIGNALPIPE_BASE_URL__';

/**
 * The site's absolute origin (BASE_URL). In the browser it is read from the
 * canonical link the server filled in, so server and client render the same
 * URLs; during prerendering it is the token.
 */
export function baseUrl(): string {
  if (typeof document === 'undefined') return baseUrlToken;
  const href = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (href && !href.startsWith(baseUrlToken)) {
    try {
      return new URL(href).origin;
    } catch {
      // fall through to the page's own origin
    }
  }
  return window.location.origin;
}
