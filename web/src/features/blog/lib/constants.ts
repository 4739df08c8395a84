import blog from '@/config/generated/blog.json';

/**
 * Blog constants of docs/product.md §9.1, §9.2 and §9.5. The server owns those it shares
 * (internal/blog): `go generate ./internal/blog` writes them to blog.json, and a Go test fails
 * when the JSON is stale; never edit it by hand.
 */
export const featuredLimit = blog.featuredLimit;
export const relatedLimit = 3;
export const cardTagLimit = 3;
export const defaultReadTime = blog.defaultReadTime;
export const defaultCategory = blog.defaultCategory;
export const defaultAuthorName = blog.defaultAuthorName;
export const defaultAuthorRole = blog.defaultAuthorRole;

/** Names shown before the categories have loaded (and in the prerendered page), in chip order. */
export const categoryNames: Record<string, string> = Object.fromEntries(blog.categories.map((c) => [c.slug, c.name]));

/** The chip that clears the category filter. */
export const allPostsLabel = 'All Posts';

/** Empty states (docs/product.md §9.1). */
export const noMatchText = 'No blog posts found matching your criteria.';
export const noPostsText = 'No blog posts available yet. Check back soon!';
