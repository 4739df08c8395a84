/** A badge of new items: a count, read out as "(3 new)" after its label; nothing when there are none. */
export function CountBadge({ n }: { n: number | undefined }) {
  if (!n || n <= 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-rose-500 px-1.5 text-xs font-bold text-white">
      <span className="sr-only"> (</span>
      {n}
      <span className="sr-only"> new)</span>
    </span>
  );
}
