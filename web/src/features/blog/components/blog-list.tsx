import { useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { usePublicList } from '../api/public-reads';
import { categoryNames, featuredLimit, noMatchText, noPostsText } from '../lib/constants';
import { emptyState, filterPosts } from '../lib/filter-posts';
import { CategoryChips } from './category-chips';
import { PostCard, PostCardSkeleton } from './post-card';

function Skeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <PostCardSkeleton key={i} />
      ))}
    </>
  );
}

const gridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** Search, category chips, the featured strip and the grid of published posts. */
export function BlogList() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  // The three reads land together, so the list renders once when they do.
  const { posts, featured, categories } = usePublicList();

  // The four known categories show at once (and in the prerendered page).
  const chips = categories.data ?? Object.entries(categoryNames).map(([slug, name]) => ({ slug, name }));
  const all = useMemo(() => posts.data ?? [], [posts.data]);
  const shown = useMemo(() => filterPosts(all, search, category), [all, search, category]);
  const filtering = search.trim() !== '' || category !== null;
  const empty = posts.isSuccess ? emptyState(all.length, shown.length) : null;

  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-12 sm:px-6">
      <div className="space-y-5">
        <div className="relative max-w-xl">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500" />
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <input
            id="blog-search"
            type="search"
            placeholder="Search articles…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-ink-600 bg-ink-800/60 py-2.5 pl-10 pr-4 text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none"
          />
        </div>
        <CategoryChips categories={chips} selected={category} onSelect={setCategory} />
      </div>

      {!filtering && (featured.isPending || (featured.data?.length ?? 0) > 0) && (
        <section aria-labelledby="featured-title">
          <h2 id="featured-title" className="text-2xl font-bold text-white">
            Featured
          </h2>
          <div className={`mt-6 ${gridClass}`}>
            {featured.isPending ? <Skeletons count={featuredLimit} /> : featured.data?.map((p) => <PostCard key={p._id} post={p} />)}
          </div>
        </section>
      )}

      <section aria-labelledby="all-posts-title" aria-busy={posts.isPending}>
        <h2 id="all-posts-title" className="text-2xl font-bold text-white">
          {filtering ? 'Matching articles' : 'Latest articles'}
        </h2>
        {posts.isPending && (
          <div className={`mt-6 ${gridClass}`}>
            <Skeletons count={6} />
          </div>
        )}
        {posts.isError && (
          <p role="alert" className="mt-6 text-rose-300">
            Could not load the articles. Please refresh the page.
          </p>
        )}
        {empty && (
          <p className="mt-6 rounded-2xl border border-dashed border-ink-600 p-10 text-center text-slate-300">
            {empty === 'none' ? noPostsText : noMatchText}
          </p>
        )}
        {shown.length > 0 && (
          <div className={`mt-6 ${gridClass}`}>
            {shown.map((p) => (
              <PostCard key={p._id} post={p} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
