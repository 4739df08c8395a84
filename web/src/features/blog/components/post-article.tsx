import { Clock } from 'lucide-react';
import type { Post } from '../api/post-schema';
import { readTimeLabel } from '../lib/filter-posts';
import { categoryName, formatPostDate } from '../lib/format';
import { ShareLinks, shareLinks } from './share-buttons';

/**
 * Classes of the post body, for the elements the server's Markdown gives
 * (internal/blog/markdown.go); internal/blog/page.go uses the same.
 */
const bodyClass =
  'mt-8 max-w-3xl space-y-5 text-lg leading-8 text-slate-300 [&_a]:text-brand-300 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-ink-600 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-ink-800 [&_code]:px-1 [&_h2]:pt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white [&_h3]:pt-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white [&_li]:ml-6 [&_ol]:list-decimal [&_strong]:font-semibold [&_strong]:text-white [&_ul]:list-disc';

/**
 * What the post's header, body and share links show, as strings: the
 * article's markup is drawn from these alone, so the build can draw it once
 * with named slots in place of the values (post-template.tsx) and the Go
 * server fills them for the page it sends (internal/blog/page.go).
 */
export interface PostDisplay {
  category: string;
  title: string;
  excerpt: string;
  authorName: string;
  authorRole: string;
  isoDate: string;
  date: string;
  readTime: string;
  tags: string[];
  contentHtml: string;
  shareX: string;
  shareLinkedIn: string;
}

/** A post's display strings; url is the page's canonical URL, for the share links. */
export function postDisplay(post: Post, url: string): PostDisplay {
  const share = shareLinks(post.title, url);
  return {
    category: categoryName(post.category),
    title: post.title,
    excerpt: post.excerpt,
    authorName: post.authorName,
    authorRole: post.authorRole,
    isoDate: new Date(post.publishedAt).toISOString(),
    date: formatPostDate(post.publishedAt),
    readTime: readTimeLabel(post.readTime),
    tags: post.tags,
    contentHtml: post.contentHtml ?? '',
    shareX: share.twitter,
    shareLinkedIn: share.linkedin,
  };
}

/**
 * A post's header and body. The body is the server's rendering of the
 * post's Markdown (contentHtml: sanitized there, links and elements
 * allowlisted), shown as is so the markup is made in one place only; the
 * raw content is never put into the page as HTML.
 */
export function PostArticleView({ post }: { post: PostDisplay }) {
  return (
    <article>
      <header className="border-b border-ink-700 pb-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">{post.category}</p>
        <h1 className="mt-3 text-balance text-3xl font-extrabold tracking-tight text-white md:text-5xl">{post.title}</h1>
        <p className="mt-4 text-lg text-slate-300">{post.excerpt}</p>
        <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-400">
          <span>
            <span className="font-semibold text-slate-200">{post.authorName}</span>, {post.authorRole}
          </span>
          <time dateTime={post.isoDate}>{post.date}</time>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {post.readTime}
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
      <div className={bodyClass} dangerouslySetInnerHTML={{ __html: post.contentHtml }} />
      <footer className="mt-10 border-t border-ink-700 pt-6">
        <ShareLinks twitter={post.shareX} linkedin={post.shareLinkedIn} />
      </footer>
    </article>
  );
}

/** A post's article, for the page's canonical URL. */
export function PostArticle({ post, url }: { post: Post; url: string }) {
  return <PostArticleView post={postDisplay(post, url)} />;
}
