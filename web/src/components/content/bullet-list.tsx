/**
 * A list of short points, each behind a small brand dot. className sets the
 * list's spacing, width and text (the dot is placed for leading-6 to leading-7).
 */
export function BulletList({ items, className = 'space-y-2 text-slate-300' }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <span aria-hidden="true" className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-400" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
