import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';

/** The screen for any path outside the route table (served with HTTP 404). */
export default function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="text-7xl font-extrabold text-brand-400">404</p>
      <h1 className="mt-4 text-2xl font-bold text-white">Oops! Page not found</h1>
      <p className="mt-2 text-slate-400">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home.path} className="mt-8 rounded-lg bg-brand-400 px-5 py-3 font-semibold text-ink-950 hover:bg-brand-300">
        Return to Home
      </Link>
    </section>
  );
}
