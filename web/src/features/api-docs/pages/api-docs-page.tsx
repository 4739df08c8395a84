import { PageHero } from '@/components/content/page-hero';
import { ApiOverview } from '../components/api-overview';
import { ApiToc } from '../components/api-toc';
import { EndpointGroup } from '../components/endpoint-group';
import { SchemaDefinitions } from '../components/schema-definitions';
import { hero } from '../content/api-docs-content';
import { openApiDocument } from '../content/openapi-document';
import { buildApiReference } from '../lib/build-reference';

// Built once when the chunk loads (and at prerender time): the document is part of the bundle.
const reference = buildApiReference(openApiDocument);

/** /docs/api: the API reference, generated from the server's OpenAPI document. */
export default function ApiDocsPage() {
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
          <ApiToc reference={reference} />
        </aside>
        <div className="min-w-0 space-y-16">
          <ApiOverview reference={reference} />
          {reference.groups.map((g) => (
            <EndpointGroup key={g.id} group={g} />
          ))}
          <SchemaDefinitions schemas={reference.schemas} />
        </div>
      </div>
    </>
  );
}
