import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { createAdminQueryClient } from '@/lib/admin/query-client';
import { BlogAdminApp } from '../components/admin/blog-admin-app';

/** /blog/admin: the blog CMS behind the admin sign-in. */
export default function BlogAdminPage() {
  const [client] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={client}>
      <BlogAdminApp />
      <Toaster visibleToasts={3} duration={4000} theme="dark" richColors position="top-center" />
    </QueryClientProvider>
  );
}
