import { Link } from 'react-router';
import { useRouteMeta } from '@/app/route-meta';
import { paths } from '@/config/paths';

/**
 * A titled page for a route whose own feature is still being built: it says
 * what the page is for and offers the way home, never a dead end.
 */
export default function PlannedPage() {
  const meta = useRouteMeta();
  return (
    <section className="mx-auto max-w-3xl px-6 py-24">
      <h1 className="text-3xl font-bold text-white sm:text-4xl">{meta?.title}</h1>
      <p className="mt-4 text-lg text-slate-300">{meta?.description}</p>
      <p className="mt-6 text-slate-400">This page is being built and will be here shortly.</p>
      <Link to={paths.home.path} className="mt-8 inline-block font-semibold text-brand-300 underline">
        Back to the home page
      </Link>
    </section>
  );
}
