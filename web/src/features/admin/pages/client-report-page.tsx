import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { AdminGate } from '@/components/admin/admin-gate';
import { createAdminQueryClient } from '@/lib/admin/query-client';
import { MonthlyReport } from '../components/monthly-report';
import { currentMonth, previousMonth } from '../api/report-window';

/** /admin/clients/:id/report?month=YYYY-MM: a client's monthly report as a printable page, behind the admin sign-in. */
export default function ClientReportPage() {
  const [client] = useState(createAdminQueryClient);
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const month = params.get('month') || previousMonth(currentMonth());
  return (
    <QueryClientProvider client={client}>
      <AdminGate description="Sign in to see the client's report.">{() => <MonthlyReport clientId={id} month={month} />}</AdminGate>
    </QueryClientProvider>
  );
}
