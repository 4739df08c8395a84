import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { cardClass } from '@/components/ui/styles';
import { serviceLinks } from '../content/service-links';

/** Cards linking to the other three service pages. */
export function RelatedServices({ current }: { current: string }) {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {serviceLinks
        .filter((s) => s.path !== current)
        .map(({ path, name, summary, icon: Icon }) => (
          <li key={path}>
            <Link to={path} className={`${cardClass} group flex h-full flex-col p-6 transition-colors hover:border-brand-400/40`}>
              <Icon aria-hidden="true" className="h-6 w-6 text-brand-300" />
              <h3 className="mt-4 font-semibold text-white">{name}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-slate-300">{summary}</p>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-300">
                Explore {name}
                <ArrowRight aria-hidden="true" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
    </ul>
  );
}
