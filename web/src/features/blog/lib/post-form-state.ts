import type { Post, PostInput, PostStatus } from '../api/post-schema';
import { defaultAuthorName, defaultAuthorRole, defaultCategory, defaultReadTime } from './constants';
import { parseReadTime, parseTags, slugify } from './slug';

/** The editor's fields as the form holds them (text inputs hold text). */
export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  tags: string;
  authorName: string;
  authorRole: string;
  featured: boolean;
  readTime: string;
  status: PostStatus;
  imageUrl: string;
}

/** The admin form: closed, open for create, or open for edit of one post (docs/product.md §9.3). */
export type PostFormState =
  | { mode: 'closed'; values: PostFormValues }
  | { mode: 'create'; values: PostFormValues }
  | { mode: 'edit'; id: string; values: PostFormValues };

export type PostFormEvent =
  | { type: 'open-create' }
  | { type: 'open-edit'; post: Post }
  | { type: 'change'; values: Partial<PostFormValues> }
  | { type: 'cancel' }
  | { type: 'created' }
  | { type: 'updated' };

export const defaultFormValues: PostFormValues = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  category: defaultCategory,
  tags: '',
  authorName: defaultAuthorName,
  authorRole: defaultAuthorRole,
  featured: false,
  readTime: String(defaultReadTime),
  status: 'draft',
  imageUrl: '',
};

export const initialFormState: PostFormState = { mode: 'closed', values: defaultFormValues };

/** The form's values for editing a stored post. */
export function valuesFromPost(post: Post): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content ?? '',
    category: post.category,
    tags: post.tags.join(', '),
    authorName: post.authorName,
    authorRole: post.authorRole,
    featured: post.featured,
    readTime: String(post.readTime ?? defaultReadTime),
    status: post.status,
    imageUrl: post.imageUrl ?? '',
  };
}

/**
 * The form's transitions: it closes on cancel or after a successful create;
 * after an update it stays open, leaves edit mode and resets to defaults.
 */
export function postFormReducer(state: PostFormState, event: PostFormEvent): PostFormState {
  switch (event.type) {
    case 'open-create':
      return { mode: 'create', values: defaultFormValues };
    case 'open-edit':
      return { mode: 'edit', id: event.post._id, values: valuesFromPost(event.post) };
    case 'change':
      return { ...state, values: { ...state.values, ...event.values } };
    case 'cancel':
    case 'created':
      return initialFormState;
    case 'updated':
      return { mode: 'create', values: defaultFormValues };
  }
}

/** Field errors the browser can tell before asking the server. */
export function validateForm(values: PostFormValues): Partial<Record<keyof PostFormValues, string>> {
  const errors: Partial<Record<keyof PostFormValues, string>> = {};
  if (!values.title.trim()) errors.title = 'Title is required';
  if (!values.excerpt.trim()) errors.excerpt = 'Excerpt is required';
  if (!values.content.trim()) errors.content = 'Content is required';
  if (values.title.trim() && !values.slug.trim() && !slugify(values.title)) errors.slug = 'Add a slug: the title has no letters or numbers';
  return errors;
}

/** The request body for the form's values (docs/product.md §9.5 rules applied). */
export function toPostInput(values: PostFormValues, now = Date.now()): PostInput {
  const title = values.title.trim();
  return {
    title,
    slug: values.slug.trim() ? slugify(values.slug) : slugify(title),
    excerpt: values.excerpt.trim(),
    content: values.content.trim(),
    category: values.category || defaultCategory,
    tags: parseTags(values.tags),
    authorName: values.authorName.trim() || defaultAuthorName,
    authorRole: values.authorRole.trim() || defaultAuthorRole,
    featured: values.featured,
    readTime: parseReadTime(values.readTime, defaultReadTime),
    status: values.status,
    imageUrl: values.imageUrl.trim(),
    publishedAt: now,
  };
}
