import { ServicePage } from '../components/service-page';
import { leadEnrichment } from '../content/lead-enrichment';

/** /services/lead-enrichment */
export default function LeadEnrichmentPage() {
  return <ServicePage content={leadEnrichment} />;
}
