import type { ReactNode } from 'react';
import { Section } from '@/components/content/section';
import type { ResourceItem } from '../content/types';
import { GuideCard } from './guide-card';

interface ResourceListSectionProps {
  id: string;
  eyebrow: string;
  title: string;
  intro: ReactNode;
  items: readonly ResourceItem[];
}

/** A titled grid of resource items; renders nothing for an empty list. */
export function ResourceListSection({ id, eyebrow, title, intro, items }: ResourceListSectionProps) {
  if (items.length === 0) return null;
  return (
    <Section id={id} eyebrow={eyebrow} title={title} intro={intro}>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <GuideCard key={item.id} item={item} />
        ))}
      </ul>
    </Section>
  );
}
