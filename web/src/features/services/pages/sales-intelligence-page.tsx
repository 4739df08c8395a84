import { ServicePage } from '../components/service-page';
import { salesIntelligence } from '../content/sales-intelligence';

/** /services/sales-intelligence */
export default function SalesIntelligencePage() {
  return <ServicePage content={salesIntelligence} />;
}
