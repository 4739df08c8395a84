import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PostView } from '../components/post-view';
import { createBlogQueryClient } from '../lib/query-client';

/** /blog/{slug}: one published post. */
export default function BlogPostPage() {
  const [client] = useState(createBlogQueryClient);
  return (
    <QueryClientProvider client={client}>
      <PostView />
    </QueryClientProvider>
  );
}
