import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createPublicQueryClient } from '../api/public-reads';
import { PostView } from '../components/post-view';

/** /blog/{slug}: one published post. */
export default function BlogPostPage() {
  const [client] = useState(createPublicQueryClient);
  return (
    <QueryClientProvider client={client}>
      <PostView />
    </QueryClientProvider>
  );
}
