import type { ReactNode } from 'react';
import { sectionClass } from '@/components/ui/styles';

interface SectionProps {
  /** Anchor id of the section; its heading gets `${id}-title`. */
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled section of a content page (an h2 with an optional eyebrow and intro). */
export function Section({ id, eyebrow, title, intro, children, className = '' }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`${sectionClass} scroll-mt-24 ${className}`}>
      <div className="mb-8 max-w-3xl">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-400">{eyebrow}</p>}
        <h2 id={`${id}-title`} className="mt-2 text-balance text-3xl font-bold tracking-tight text-white">
          {title}
        </h2>
        {intro && <div className="mt-3 text-base text-slate-300 md:text-lg">{intro}</div>}
      </div>
      {children}
    </section>
  );
}
