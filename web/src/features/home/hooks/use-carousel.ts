import { useCallback, useEffect, useState } from 'react';

/** The slide after i, wrapping from the last to the first. */
export const nextIndex = (i: number, count: number) => (i + 1) % count;

/** The slide before i, wrapping from the first to the last. */
export const prevIndex = (i: number, count: number) => (i - 1 + count) % count;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/**
 * Whether the visitor allows motion. False during prerender and the first
 * client render (so hydration matches), then read from matchMedia.
 */
export function useMotionAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(reducedMotionQuery);
    const update = () => setAllowed(!query.matches);
    update();
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);
  return allowed;
}

/**
 * Slide index of a carousel with wrap-around and automatic rotation every
 * `intervalMs`. Rotation waits while `held` (hover or focus), after the
 * visitor stops it, and never runs when reduced motion is preferred.
 */
export function useCarousel(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const [stopped, setStopped] = useState(false);
  const motionAllowed = useMotionAllowed();
  const rotating = motionAllowed && !stopped && !held;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => nextIndex(i, count)), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, index, count, intervalMs]);

  return {
    index,
    rotating,
    /** Whether automatic rotation is available at all (motion allowed and not stopped). */
    autoplay: motionAllowed && !stopped,
    motionAllowed,
    next: useCallback(() => setIndex((i) => nextIndex(i, count)), [count]),
    prev: useCallback(() => setIndex((i) => prevIndex(i, count)), [count]),
    goTo: setIndex,
    setHeld,
    toggleStopped: useCallback(() => setStopped((s) => !s), []),
  };
}
