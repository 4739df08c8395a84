import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { DemoApp } from '../components/demo-app';
import { createDemoQueryClient } from '../hooks/use-stored-data';

/** /demo, /admindemo and /admindemo1: one demo app, priced by the route (docs/product.md §4.1). */
export default function DemoPage() {
  const { pathname } = useLocation();
  const [client] = useState(createDemoQueryClient);
  return (
    <QueryClientProvider client={client}>
      <DemoApp pathname={pathname} />
    </QueryClientProvider>
  );
}
