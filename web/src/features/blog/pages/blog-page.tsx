import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PageHero } from '@/components/content/page-hero';
import { createPublicQueryClient } from '../api/public-reads';
import { BlogList } from '../components/blog-list';
import { NewsletterForm } from '../components/newsletter-form';

/**
 * /blog: prerendered without posts (no API at build time); the posts load
 * on mount into space the skeletons already hold.
 */
export default function BlogPage() {
  const [client] = useState(createPublicQueryClient);
  return (
    <QueryClientProvider client={client}>
      <PageHero
        eyebrow="Blog"
        title="Insights on buying-intent selling"
        intro="Signals, outreach, automation and case studies for B2B teams who want to reach buyers while they are still deciding."
      />
      <BlogList />
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <NewsletterForm />
      </div>
    </QueryClientProvider>
  );
}
