import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { BrandName } from '@/components/layout/brand-mark';

/** The portal's chrome: the brand, an optional right-hand side (who is signed in), the page. */
export function PortalShell({ aside, children }: { aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-700 bg-ink-900/90">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-3 px-4 py-3">
          <a href={paths.home.path} aria-label="Signalpipe home" className="rounded-md">
            <BrandName />
          </a>
          <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs font-semibold text-slate-300">Client portal</span>
          <div className="ml-auto flex min-w-0 items-center gap-3">{aside}</div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-4xl px-4 py-8">
        {children}
      </main>
    </div>
  );
}
