import { useEffect, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { BrandName } from '@/components/layout/brand-mark';
import { isCustomBrand, type PortalBrand } from '../lib/brand';

/**
 * The header's brand: the agency's name, logo and colour when the owner set them, the product's mark when the
 * owner left the defaults, and nothing while the brand is not known (loading, or not answered).
 */
function HeaderBrand({ brand }: { brand?: PortalBrand | null }) {
  if (!brand) return <span data-testid="portal-brand-pending" className="h-7" />;
  if (!isCustomBrand(brand)) {
    return (
      <a href={paths.home.path} aria-label="Signalpipe home" className="rounded-md">
        <BrandName />
      </a>
    );
  }
  return (
    <span data-testid="portal-brand" className="flex min-w-0 items-center gap-2 text-lg font-bold tracking-tight text-white">
      {brand.logoUrl && <img src={brand.logoUrl} alt="" className="h-7 w-auto max-w-[8rem] object-contain" />}
      <span className="truncate" style={brand.primaryColor ? { color: brand.primaryColor } : undefined}>
        {brand.name}
      </span>
    </span>
  );
}

/**
 * The portal's chrome: the brand, an optional right-hand side (who is signed in), the page. `title` is the page's
 * title (its route's): the server sends it without a brand (a white-label route, app/head.ts), and once the brand is
 * known the tab names it: the agency's ("Your leads | Northwind Leads"), or the product's when the owner left the
 * defaults. Never "Signalpipe" before the brand is known.
 */
export function PortalShell({
  aside,
  brand,
  title,
  children,
}: {
  aside?: ReactNode;
  brand?: PortalBrand | null;
  title: string;
  children: ReactNode;
}) {
  const colour = isCustomBrand(brand) && brand.primaryColor ? brand.primaryColor : undefined;
  const name = brand?.name;
  useEffect(() => {
    document.title = name ? `${title} | ${name}` : title;
  }, [name, title]);
  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-700 bg-ink-900/90" style={colour ? { borderBottomColor: colour } : undefined}>
        <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-3 px-4 py-3">
          <HeaderBrand brand={brand} />
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
