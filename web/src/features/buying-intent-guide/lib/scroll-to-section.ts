/**
 * Scrolls to the section with `id`: smoothly, unless the visitor prefers
 * reduced motion. It then puts the hash in the address bar (without a
 * router navigation, whose scroll restoration would jump instead) and moves
 * keyboard focus to the section's heading so reading continues there.
 * Returns false when there is no such section.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  if (window.location.hash !== `#${id}`) {
    window.history.replaceState(window.history.state, '', `#${id}`);
  }
  const heading = target.querySelector<HTMLElement>('h2') ?? target;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}
