/** Blog constants of docs/product.md §9.1, §9.2 and §9.5. */
export const featuredLimit = 3;
export const relatedLimit = 3;
export const cardTagLimit = 3;
export const defaultReadTime = 5;
export const defaultCategory = 'ai-automation';
export const defaultAuthorName = 'Signalpipe Team';
export const defaultAuthorRole = 'Growth Team';

/** Names shown before the categories have loaded (and in the prerendered page). */
export const categoryNames: Record<string, string> = {
  'ai-automation': 'AI Automation',
  'sales-strategy': 'Sales Strategy',
  'lead-generation': 'Lead Generation',
  'case-studies': 'Case Studies',
};

/** The chip that clears the category filter. */
export const allPostsLabel = 'All Posts';

/** Empty states (docs/product.md §9.1). */
export const noMatchText = 'No blog posts found matching your criteria.';
export const noPostsText = 'No blog posts available yet. Check back soon!';
