import { useState, type FormEvent, type ReactNode } from 'react';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import type { Category } from '../../api/post-schema';
import { validateForm, type PostFormState, type PostFormValues } from '../../lib/post-form-state';

interface PostFormProps {
  state: Exclude<PostFormState, { mode: 'closed' }>;
  categories: Category[];
  saving: boolean;
  /** Field errors from the server (e.g. a taken slug). */
  serverErrors: Record<string, string>;
  onChange: (values: Partial<PostFormValues>) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

type Errors = Partial<Record<keyof PostFormValues, string>>;

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The new/edit post form. */
export function PostForm({ state, categories, saving, serverErrors, onChange, onSubmit, onCancel }: PostFormProps) {
  const [errors, setErrors] = useState<Errors>({});
  const v = state.values;
  const all: Errors = { ...serverErrors, ...errors };
  const text = (field: keyof PostFormValues) => ({
    id: `post-${field}`,
    value: v[field] as string,
    'aria-invalid': all[field] ? true : undefined,
    'aria-describedby': all[field] ? `post-${field}-error` : undefined,
    onChange: (e: { target: { value: string } }) => onChange({ [field]: e.target.value }),
    className: inputClass,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateForm(v);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit();
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="post-form-title"
      className="space-y-5 rounded-2xl border border-ink-700 bg-ink-800/70 p-6"
    >
      <h2 id="post-form-title" className="text-xl font-bold text-white">
        {state.mode === 'edit' ? 'Edit Post' : 'New Post'}
      </h2>
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="post-title" label="Title" error={all.title}>
          <input type="text" required {...text('title')} />
        </Field>
        <Field id="post-slug" label="Slug (empty: made from the title)" error={all.slug}>
          <input type="text" {...text('slug')} />
        </Field>
      </div>
      <Field id="post-excerpt" label="Excerpt" error={all.excerpt}>
        <textarea rows={2} required {...text('excerpt')} />
      </Field>
      <Field id="post-content" label="Content (one paragraph per line)" error={all.content}>
        <textarea rows={10} required {...text('content')} />
      </Field>
      <div className="grid gap-5 md:grid-cols-3">
        <Field id="post-category" label="Category" error={all.category}>
          <select {...text('category')}>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="post-tags" label="Tags (comma-separated)" error={all.tags}>
          <input type="text" {...text('tags')} />
        </Field>
        <Field id="post-readTime" label="Read time (minutes)" error={all.readTime}>
          <input type="number" min={1} inputMode="numeric" {...text('readTime')} />
        </Field>
        <Field id="post-authorName" label="Author name" error={all.authorName}>
          <input type="text" {...text('authorName')} />
        </Field>
        <Field id="post-authorRole" label="Author role" error={all.authorRole}>
          <input type="text" {...text('authorRole')} />
        </Field>
        <Field id="post-status" label="Status" error={all.status}>
          <select {...text('status')}>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </select>
        </Field>
      </div>
      <Field id="post-imageUrl" label="Image URL (optional)" error={all.imageUrl}>
        <input type="url" {...text('imageUrl')} />
      </Field>
      <label className="flex items-center gap-3 text-sm text-slate-200">
        <input
          type="checkbox"
          checked={v.featured}
          onChange={(e) => onChange({ featured: e.target.checked })}
          className="h-4 w-4 accent-brand-400"
        />
        Featured post
      </label>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={saving} className={primaryButton}>
          {saving ? 'Saving…' : state.mode === 'edit' ? 'Update Post' : 'Create Post'}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}
