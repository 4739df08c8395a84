import { Clock } from 'lucide-react';
import type { Post } from '../api/post-schema';
import { readTimeLabel } from '../lib/filter-posts';
import { categoryName, formatPostDate } from '../lib/format';
import { toBlocks } from '../lib/paragraphs';
import { ShareButtons } from './share-buttons';

/** A post's header and body. The body is rendered as text only: never as HTML. */
export function PostArticle({ post, url }: { post: Post; url: string }) {
  return (
    <article>
      <header className="border-b border-ink-700 pb-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">{categoryName(post.category)}</p>
        <h1 className="mt-3 text-balance text-3xl font-extrabold tracking-tight text-white md:text-5xl">{post.title}</h1>
        <p className="mt-4 text-lg text-slate-300">{post.excerpt}</p>
        <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-400">
          <span>
            <span className="font-semibold text-slate-200">{post.authorName}</span>, {post.authorRole}
          </span>
          <time dateTime={new Date(post.publishedAt).toISOString()}>{formatPostDate(post.publishedAt)}</time>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {readTimeLabel(post.readTime)}
          </span>
        </div>
        {post.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-ink-700 px-2.5 py-0.5 text-xs text-slate-300">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </header>
      <div className="mt-8 max-w-3xl space-y-5 text-lg leading-8 text-slate-300">
        {toBlocks(post.content ?? '').map((b, i) =>
          b.kind === 'h2' ? (
            <h2 key={i} className="pt-4 text-2xl font-bold text-white">
              {b.text}
            </h2>
          ) : (
            <p key={i}>{b.text}</p>
          ),
        )}
      </div>
      <footer className="mt-10 border-t border-ink-700 pt-6">
        <ShareButtons title={post.title} url={url} />
      </footer>
    </article>
  );
}
