import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import { blogPostHref } from '@/config/paths';
import type { Post } from '../api/post-schema';
import { cardTagLimit } from '../lib/constants';
import { readTimeLabel } from '../lib/filter-posts';
import { categoryName, formatPostDate } from '../lib/format';

/** One post in a grid: category, title, excerpt, at most three tags, author, date and read time. */
export function PostCard({ post, headingLevel = 'h3' }: { post: Post; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border border-ink-700 bg-ink-800/60 p-6 transition-colors hover:border-brand-400/60">
      <p className="text-xs font-semibold uppercase tracking-wider text-brand-300">{categoryName(post.category)}</p>
      <Heading className="mt-2 text-lg font-bold leading-snug text-white">
        <Link to={blogPostHref(post.slug)} className="after:absolute after:inset-0 focus-visible:outline-none">
          {post.title}
        </Link>
      </Heading>
      <p className="mt-2 line-clamp-3 text-sm text-slate-300">{post.excerpt}</p>
      {post.tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
          {post.tags.slice(0, cardTagLimit).map((tag) => (
            <li key={tag} className="rounded-full bg-ink-700 px-2.5 py-0.5 text-xs text-slate-300">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex items-center justify-between gap-3 pt-5 text-xs text-slate-400">
        <span>
          {post.authorName} · {formatPostDate(post.publishedAt)}
        </span>
        <span className="inline-flex items-center gap-1 whitespace-nowrap">
          <Clock aria-hidden="true" className="h-3.5 w-3.5" />
          {readTimeLabel(post.readTime)}
        </span>
      </div>
    </article>
  );
}

/** A placeholder the size of a card, shown while posts load (no layout shift). */
export function PostCardSkeleton() {
  return <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl border border-ink-700 bg-ink-800/40" />;
}
