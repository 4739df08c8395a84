import { proseClass } from '@/components/ui/styles';

/** Paragraphs of running text at a readable measure. */
export function GuideProse({ paragraphs, className = '' }: { paragraphs: readonly string[]; className?: string }) {
  return (
    <div className={`${proseClass} ${className}`}>
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}
