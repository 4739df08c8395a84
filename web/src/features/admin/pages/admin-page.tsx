import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AdminApp } from '../components/admin-app';
import { createAdminQueryClient } from '@/lib/admin/query-client';

/** /admin: the admin console behind a real sign-in. */
export default function AdminPage() {
  const [client] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AdminApp />
    </QueryClientProvider>
  );
}
