import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { paths } from '@/config/paths';
import type { Post } from '../api/post-schema';
import { usePost, usePublishedPosts } from '../api/public-reads';
import { relatedPosts } from '../lib/filter-posts';
import { usePostMeta } from '../lib/use-post-meta';
import { type PostDisplay, PostArticleView, postDisplay } from './post-article';
import { PostCard } from './post-card';

function BackToBlog() {
  return (
    <Link to={paths.blog.path} className="inline-flex items-center gap-2 font-semibold text-brand-300 hover:text-brand-200">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Blog
    </Link>
  );
}

/**
 * The 'Post Not Found' state. The build draws it for internal/blog/page.go (post-template.tsx),
 * which sends it before the app loads.
 */
export function PostNotFound() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-3xl font-bold text-white">Post Not Found</h1>
      <p className="mt-4 text-slate-300">The blog post you're looking for doesn't exist.</p>
      <div className="mt-8">
        <BackToBlog />
      </div>
    </div>
  );
}

/**
 * A post's display strings with its back link; `children` follow the article. The build draws
 * it with slots for internal/blog/page.go (post-template.tsx), which fills them before the app
 * loads; post-page.golden.test.tsx checks the filled page against this render of a real post.
 */
export function PostFrameView({ post, children }: { post: PostDisplay; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <BackToBlog />
      <div className="mt-8">
        <PostArticleView post={post} />
      </div>
      {children}
    </div>
  );
}

/** A post with its back link, for the page's canonical URL; `children` follow the article. */
export function PostFrame({ post, url, children }: { post: Post; url: string; children?: ReactNode }) {
  return <PostFrameView post={postDisplay(post, url)}>{children}</PostFrameView>;
}

/** /blog/{slug}: loading, not found, or the post with share links and related posts. */
export function PostView() {
  const { slug } = useParams();
  // On the page the server rendered, the post it embedded is the first answer.
  const post = usePost(slug);
  const published = usePublishedPosts();
  usePostMeta(post.data);

  if (post.isPending) {
    return (
      <p role="status" className="mx-auto min-h-[60vh] max-w-4xl px-4 py-24 text-center text-slate-400 sm:px-6">
        Loading...
      </p>
    );
  }
  if (post.isError) {
    return (
      <div role="alert" className="mx-auto max-w-4xl px-4 py-24 text-center sm:px-6">
        <p className="text-rose-300">Could not load this post. Please refresh the page.</p>
        <div className="mt-6">
          <BackToBlog />
        </div>
      </div>
    );
  }
  if (!post.data) return <PostNotFound />;

  const url = typeof window === 'undefined' ? '' : window.location.origin + window.location.pathname;
  const related = relatedPosts(published.data ?? [], post.data);
  return (
    <PostFrame post={post.data} url={url}>
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="text-2xl font-bold text-white">
            Related posts
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {related.map((p) => (
              <PostCard key={p._id} post={p} />
            ))}
          </div>
        </section>
      )}
    </PostFrame>
  );
}
