import { useEffect } from 'react';

/**
 * Adds schema.org data to document.head while the calling page is mounted and
 * removes it when the page is left. The script carries `data-page-jsonld` so
 * tests and tools can find it. Pass a stable (memoised or module-level) value:
 * the script is replaced whenever `data` changes identity.
 *
 * Use the inline <JsonLd> component instead when the data should also be in
 * the prerendered HTML.
 */
export function useHeadJsonLd(data: unknown) {
  useEffect(() => {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.pageJsonld = '';
    script.textContent = JSON.stringify(data);
    document.head.appendChild(script);
    return () => script.remove();
  }, [data]);
}
