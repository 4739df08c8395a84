import { useReducer, useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/admin/api-client';
import { primaryButton } from '@/components/ui/form-styles';
import { useDeletePost } from '../../api/delete-post';
import { useAllPosts } from '../../api/get-all-posts';
import { useCategories } from '../../api/get-categories';
import type { Post } from '../../api/post-schema';
import { useCreatePost, useUpdatePost } from '../../api/save-post';
import { categoryNames } from '../../lib/constants';
import { initialFormState, postFormReducer, toPostInput } from '../../lib/post-form-state';
import { AdminPostGrid } from './admin-post-grid';
import { PostForm } from './post-form';

export const deleteConfirmText = 'Are you sure you want to delete this post?';

/** The blog CMS: the new/edit form and the grid of every post. */
export function BlogAdmin() {
  const [form, dispatch] = useReducer(postFormReducer, initialFormState);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const posts = useAllPosts();
  const categories = useCategories();
  const create = useCreatePost();
  const update = useUpdatePost();
  const remove = useDeletePost();
  const cats = categories.data ?? Object.entries(categoryNames).map(([slug, name]) => ({ _id: slug, slug, name }));

  const saveFailed = (err: unknown) => {
    console.error('Error saving post', err);
    setServerErrors(err instanceof ApiError ? err.fields : {});
    toast.error('Error saving post');
  };

  const save = () => {
    if (form.mode === 'closed') return;
    const input = toPostInput(form.values);
    setServerErrors({});
    if (form.mode === 'edit') {
      update.mutate(
        { id: form.id, input },
        {
          onSuccess: () => {
            toast.success('Post updated successfully!');
            dispatch({ type: 'updated' });
          },
          onError: saveFailed,
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: () => {
        toast.success('Post created successfully!');
        dispatch({ type: 'created' });
      },
      onError: saveFailed,
    });
  };

  const onDelete = (post: Post) => {
    if (!window.confirm(deleteConfirmText)) return;
    remove.mutate(post._id, {
      onSuccess: () => toast.success('Post deleted successfully!'),
      onError: (err) => {
        console.error('Error deleting post', err);
        toast.error('Error deleting post');
      },
    });
  };

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-white">Blog Admin</h1>
          <p className="mt-1 text-sm text-slate-400">
            Create, edit and publish posts.{' '}
            <Link to={paths.blog.path} className="text-brand-300 underline">
              View the blog
            </Link>{' '}
            ·{' '}
            <Link to={paths.admin.path} className="text-brand-300 underline">
              Admin console
            </Link>
          </p>
        </div>
        {form.mode === 'closed' && (
          <button type="button" onClick={() => dispatch({ type: 'open-create' })} className={primaryButton}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Post
          </button>
        )}
      </div>
      {form.mode !== 'closed' && (
        <PostForm
          key={form.mode === 'edit' ? form.id : 'create'}
          state={form}
          categories={cats}
          saving={create.isPending || update.isPending}
          serverErrors={serverErrors}
          onChange={(values) => dispatch({ type: 'change', values })}
          onSubmit={save}
          onCancel={() => {
            setServerErrors({});
            dispatch({ type: 'cancel' });
          }}
        />
      )}
      {posts.isPending && <p className="text-slate-400">Loading posts…</p>}
      {posts.isError && (
        <p role="alert" className="text-rose-300">
          Could not load the posts: {posts.error.message}
        </p>
      )}
      {posts.data && (
        <AdminPostGrid
          posts={posts.data}
          deletingId={remove.isPending ? (remove.variables ?? null) : null}
          onEdit={(post) => {
            setServerErrors({});
            dispatch({ type: 'open-edit', post });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          onDelete={onDelete}
        />
      )}
    </div>
  );
}
