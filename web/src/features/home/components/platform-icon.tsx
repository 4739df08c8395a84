import type { Platform } from '../content/feed';

const marks: Record<Platform, [string, string]> = {
  reddit: ['R', 'text-orange-400'],
  linkedin: ['in', 'text-sky-400'],
  hackernews: ['Y', 'text-amber-400'],
  x: ['X', 'text-slate-100'],
  slack: ['#', 'text-fuchsia-300'],
  g2: ['G2', 'text-rose-400'],
  producthunt: ['P', 'text-orange-300'],
  discord: ['D', 'text-indigo-300'],
};

/** A small monogram tile standing in for a platform's logo (decorative; the name is shown beside it). */
export function PlatformIcon({ platform }: { platform: Platform }) {
  const [mark, tone] = marks[platform];
  return (
    <span
      aria-hidden="true"
      className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-ink-700 text-sm font-black ${tone}`}
    >
      {mark}
    </span>
  );
}
