import { Pencil, Trash } from 'lucide-react';
import type { Post } from '../../api/post-schema';
import { categoryName, formatPostDate } from '../../lib/format';

const badge = {
  published: 'bg-green-500/15 text-green-300 ring-green-500/40',
  draft: 'bg-yellow-500/15 text-yellow-300 ring-yellow-500/40',
} as const;

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-lg border border-ink-600 text-slate-300 hover:border-slate-400 hover:text-white disabled:opacity-40';

interface AdminPostGridProps {
  posts: Post[];
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
  deletingId: string | null;
}

/** Every post, drafts included, with its status badge and edit and delete icons. */
export function AdminPostGrid({ posts, onEdit, onDelete, deletingId }: AdminPostGridProps) {
  if (posts.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-ink-600 p-10 text-center text-slate-400">No posts yet. Create the first one.</p>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Posts">
      {posts.map((p) => (
        <li key={p._id} className="flex flex-col rounded-2xl border border-ink-700 bg-ink-800/60 p-5">
          <div className="flex items-start justify-between gap-3">
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${badge[p.status]}`}>{p.status}</span>
            <div className="flex gap-2">
              <button type="button" aria-label={`Edit ${p.title}`} title="Edit" onClick={() => onEdit(p)} className={iconButton}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
              </button>
              <button
                type="button"
                aria-label={`Delete ${p.title}`}
                title="Delete"
                disabled={deletingId === p._id}
                onClick={() => onDelete(p)}
                className={`${iconButton} hover:border-rose-400 hover:text-rose-300`}
              >
                <Trash aria-hidden="true" className="h-4 w-4" />
              </button>
            </div>
          </div>
          <h3 className="mt-3 font-bold text-white">{p.title}</h3>
          <p className="mt-1 line-clamp-2 text-sm text-slate-400">{p.excerpt}</p>
          <p className="mt-auto pt-4 text-xs text-slate-500">
            {categoryName(p.category)} · /blog/{p.slug} · {formatPostDate(p.publishedAt)}
            {p.featured ? ' · featured' : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
