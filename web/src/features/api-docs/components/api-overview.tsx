import { FileJson } from 'lucide-react';
import { cardClass, secondaryButton } from '@/components/ui/styles';
import { conventions, openApiUrl } from '../content/api-docs-content';
import type { ApiReference } from '../lib/model';

/** What the API is, its version, the conventions every endpoint follows and the machine-readable document. */
export function ApiOverview({ reference }: { reference: ApiReference }) {
  return (
    <section id="overview" aria-labelledby="overview-title" className="scroll-mt-24">
      <h2 id="overview-title" className="text-2xl font-bold tracking-tight text-white">
        Overview
      </h2>
      <p className="mt-2 text-slate-300">
        <span className="font-semibold text-white">{reference.title}</span>, version {reference.version}.
        {reference.description && <> {reference.description}</>}
      </p>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {conventions.map((c) => (
          <li key={c.title} className={`${cardClass} p-5`}>
            <h3 className="font-semibold text-white">{c.title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-300">{c.text}</p>
          </li>
        ))}
      </ul>
      <a href={openApiUrl} className={`${secondaryButton} mt-6`}>
        <FileJson aria-hidden="true" className="h-4 w-4" />
        OpenAPI document (JSON)
      </a>
    </section>
  );
}
