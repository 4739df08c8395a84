import { ServicePage } from '../components/service-page';
import { aiSignalDetection } from '../content/ai-signal-detection';

/** /services/ai-signal-detection */
export default function AiSignalDetectionPage() {
  return <ServicePage content={aiSignalDetection} />;
}
