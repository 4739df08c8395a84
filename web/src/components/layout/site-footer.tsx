import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { BrandName } from './brand-mark';
import { BookingLink } from './booking-link';

/** The site footer: Blog, Contact (the booking page) and Privacy. */
export function SiteFooter() {
  const linkClass = 'rounded-md px-2 py-2 text-sm text-slate-300 hover:text-white';
  return (
    <footer className="border-t border-ink-700 bg-ink-950">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="space-y-2">
          <BrandName />
          <p className="max-w-sm text-sm text-slate-400">
            Buying-intent signals, verified contacts and drafted outreach for B2B sales teams.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center gap-2">
            <li>
              <Link to={paths.blog.path} className={linkClass}>
                Blog
              </Link>
            </li>
            <li>
              <BookingLink className={linkClass}>Contact</BookingLink>
            </li>
            <li>
              <Link to={paths.privacy.path} className={linkClass}>
                Privacy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-ink-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} Signalpipe. All rights reserved.
      </p>
    </footer>
  );
}
