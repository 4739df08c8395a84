import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createAdminQueryClient } from '@/lib/admin/query-client';
import { AnalyticsDashboard } from '../components/analytics-dashboard';

/** /analytics (docs/product.md §11): the page-view dashboard. */
export default function AnalyticsPage() {
  const [client] = useState(createAdminQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AnalyticsDashboard />
    </QueryClientProvider>
  );
}
