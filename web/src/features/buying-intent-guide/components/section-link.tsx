import type { MouseEvent, ReactNode } from 'react';
import { scrollToSection } from '../lib/scroll-to-section';

interface SectionLinkProps {
  /** Id of the section on this page. */
  to: string;
  className?: string;
  children: ReactNode;
}

/**
 * An in-page link to a section. It is a plain `#id` link (so it works before
 * hydration); once hydrated it scrolls smoothly and respects reduced motion.
 */
export function SectionLink({ to, className, children }: SectionLinkProps) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (scrollToSection(to)) e.preventDefault();
  };
  return (
    <a href={`#${to}`} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
