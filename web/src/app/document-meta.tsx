import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle, type PageMeta } from './head';
import { baseUrl } from '@/lib/base-url';

function setMeta(selector: string, attr: string, value: string) {
  const el = document.head.querySelector(selector);
  if (el) el.setAttribute(attr, value);
}

/**
 * Keeps title, description, canonical link and social tags in step with the
 * page after client-side navigation. The prerendered HTML already carries the
 * same values for the first load (see head.ts).
 */
export function DocumentMeta({ meta }: { meta: PageMeta }) {
  const { pathname } = useLocation();

  useEffect(() => {
    const title = documentTitle(meta.title, meta.whiteLabel);
    const url = baseUrl() + pathname;
    document.title = title;
    setMeta('meta[name="description"]', 'content', meta.description);
    setMeta('link[rel="canonical"]', 'href', url);
    setMeta('meta[property="og:title"]', 'content', title);
    setMeta('meta[property="og:description"]', 'content', meta.description);
    setMeta('meta[property="og:url"]', 'content', url);
    setMeta('meta[name="twitter:title"]', 'content', title);
    setMeta('meta[name="twitter:description"]', 'content', meta.description);
    const keywords = document.head.querySelector('meta[name="keywords"]');
    if (meta.keywords?.length) {
      const el = keywords ?? document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'keywords' }));
      el.setAttribute('content', meta.keywords.join(', '));
    } else keywords?.remove();
    setMeta('meta[name="robots"]', 'content', meta.noindex ? 'noindex, nofollow' : 'index, follow');
  }, [meta, pathname]);

  return null;
}
