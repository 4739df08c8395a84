import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * After a link is followed, shows the top of the new page (or the element its
 * #hash names); going back or forward leaves scrolling to the browser.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    if (type === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, type]);

  return null;
}
