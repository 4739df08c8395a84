import type { Post } from '../api/post-schema';
import {
  defaultFormValues,
  initialFormState,
  postFormReducer,
  toPostInput,
  validateForm,
  type PostFormEvent,
  type PostFormState,
} from './post-form-state';

const post: Post = {
  _id: 'p1',
  title: 'Stored',
  slug: 'stored',
  excerpt: 'Ex',
  content: 'Body',
  category: 'case-studies',
  tags: ['a', 'b'],
  authorName: 'Ana',
  authorRole: 'CEO',
  featured: true,
  readTime: 9,
  status: 'published',
  publishedAt: 1,
};

const run = (...events: PostFormEvent[]): PostFormState => events.reduce(postFormReducer, initialFormState);

describe('postFormReducer', () => {
  it('starts closed with the defaults', () => {
    expect(initialFormState.mode).toBe('closed');
    expect(initialFormState.values).toMatchObject({
      category: 'ai-automation',
      authorName: 'Signalpipe Team',
      authorRole: 'Growth Team',
      readTime: '5',
      status: 'draft',
      featured: false,
    });
  });

  it('opens for create and closes on cancel', () => {
    expect(run({ type: 'open-create' }).mode).toBe('create');
    expect(run({ type: 'open-create' }, { type: 'change', values: { title: 'x' } }, { type: 'cancel' })).toEqual(initialFormState);
  });

  it('closes after a successful create', () => {
    const s = run({ type: 'open-create' }, { type: 'change', values: { title: 'New' } }, { type: 'created' });
    expect(s).toEqual(initialFormState);
  });

  it('opens for edit with the post values', () => {
    const s = run({ type: 'open-edit', post });
    expect(s).toMatchObject({ mode: 'edit', id: 'p1' });
    expect(s.values).toMatchObject({ title: 'Stored', tags: 'a, b', readTime: '9', status: 'published', featured: true });
  });

  it('after an update stays open, leaves edit mode and resets to defaults', () => {
    const s = run({ type: 'open-edit', post }, { type: 'change', values: { title: 'Changed' } }, { type: 'updated' });
    expect(s).toEqual({ mode: 'create', values: defaultFormValues });
  });

  it('closes from edit on cancel', () => {
    expect(run({ type: 'open-edit', post }, { type: 'cancel' })).toEqual(initialFormState);
  });
});

describe('validateForm and toPostInput', () => {
  it('requires title, excerpt and content', () => {
    expect(Object.keys(validateForm(defaultFormValues)).sort()).toEqual(['content', 'excerpt', 'title']);
    expect(validateForm({ ...defaultFormValues, title: '!!!', excerpt: 'e', content: 'c' })).toHaveProperty('slug');
  });

  it('applies the rules of docs/product.md §9.5', () => {
    const input = toPostInput(
      { ...defaultFormValues, title: ' Hello, World! ', excerpt: 'e', content: 'c', tags: 'x, ,y,', readTime: 'abc' },
      42,
    );
    expect(input).toMatchObject({
      title: 'Hello, World!',
      slug: 'hello-world',
      tags: ['x', 'y'],
      readTime: 5,
      category: 'ai-automation',
      status: 'draft',
      publishedAt: 42,
    });
    expect(toPostInput({ ...defaultFormValues, title: 'T', slug: 'My Slug', readTime: '8' }).slug).toBe('my-slug');
  });
});
