import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { AdminApp } from '../components/admin-app';
import { createAdminQueryClient } from '@/lib/admin/query-client';

/** /admin: the admin console behind a real sign-in. */
export default function AdminPage() {
  const [client] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AdminApp />
      <Toaster visibleToasts={3} duration={6000} theme="dark" richColors position="top-center" />
    </QueryClientProvider>
  );
}
