import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, CalendarDays, Menu } from 'lucide-react';
import { paths } from '@/config/paths';
import { BrandName } from './brand-mark';
import { BookingLink } from './booking-link';
import { ReportsMenu } from './reports-menu';
import { headerLinks } from './nav-links';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'text-white' : 'text-slate-300 hover:text-white'}`;

/** A Back link for small screens: history back when there is history in the app, else home. */
function BackLink() {
  const navigate = useNavigate();
  return (
    <Link
      to={paths.home.path}
      onClick={(e) => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) {
          e.preventDefault();
          navigate(-1);
        }
      }}
      className="flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-300 hover:text-white md:hidden"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back
    </Link>
  );
}

/** The site header: brand, main links, Reports dropdown and the call to action. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const atHome = pathname === paths.home.path;

  return (
    <header className="sticky top-0 z-30 border-b border-ink-700/80 bg-ink-900/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        {!atHome && <BackLink />}
        {atHome ? (
          <BrandName />
        ) : (
          <Link to={paths.home.path} aria-label="Signalpipe home" className="rounded-md">
            <BrandName />
          </Link>
        )}
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {!atHome && (
            <NavLink to={paths.home.path} end className={navClass}>
              Home
            </NavLink>
          )}
          {headerLinks.map((link) =>
            link.to === paths.reports.path ? (
              <div key={link.to} className="flex items-center">
                <NavLink to={link.to} end className={navClass}>
                  {link.label}
                </NavLink>
                <ReportsMenu />
              </div>
            ) : (
              <NavLink key={link.to} to={link.to} className={navClass}>
                {link.label}
              </NavLink>
            ),
          )}
        </nav>
        <BookingLink className="hidden items-center gap-2 rounded-lg bg-brand-400 px-4 py-2 text-sm font-semibold text-ink-950 transition-colors hover:bg-brand-300 md:flex">
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          Book a Strategy Call
        </BookingLink>
        <Link
          to={paths.onboarding.path}
          className="ml-auto flex items-center gap-2 rounded-lg border border-ink-600 px-3 py-2 text-sm font-semibold text-white md:hidden"
        >
          <Menu aria-hidden="true" className="h-4 w-4" />
          Get Started
        </Link>
      </div>
      <nav aria-label="Sections" className="border-t border-ink-700/60 md:hidden">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 py-1">
          {headerLinks.map((link) => (
            <li key={link.to} className="shrink-0">
              <NavLink to={link.to} className={navClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
