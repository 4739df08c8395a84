import { useState } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '@/components/ui/styles';
import { paths } from '@/config/paths';

/** /test-click (docs/product.md §12.2): a counter button and a link back to /. */
export default function TestClickPage() {
  const [count, setCount] = useState(0);
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-white">Click Test</h1>
      <p className="mt-6 text-lg text-slate-300" aria-live="polite">
        Clicked {count} {count === 1 ? 'time' : 'times'}
      </p>
      <button type="button" className={`${primaryButton} mt-6`} onClick={() => setCount((c) => c + 1)}>
        Click me ({count})
      </button>
      <p className="mt-8">
        <Link to={paths.home.path} className="font-semibold text-brand-300 underline">
          Back to home
        </Link>
      </p>
    </main>
  );
}
