import { allPostsLabel } from '../lib/constants';

interface CategoryChipsProps {
  categories: { slug: string; name: string }[];
  selected: string | null;
  onSelect: (slug: string | null) => void;
}

/** The category filter: All Posts plus one chip per category; the chosen one is pressed. */
export function CategoryChips({ categories, selected, onSelect }: CategoryChipsProps) {
  const chips = [{ slug: null, name: allPostsLabel }, ...categories];
  return (
    <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
      {chips.map((c) => {
        const active = c.slug === selected;
        return (
          <button
            key={c.slug ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(c.slug)}
            className={`min-h-10 rounded-full border px-4 py-2 text-sm font-medium transition-colors ${
              active ? 'border-brand-400 bg-brand-400 text-ink-950' : 'border-ink-600 bg-ink-800/60 text-slate-200 hover:border-slate-400'
            }`}
          >
            {c.name}
          </button>
        );
      })}
    </div>
  );
}
