import { ServicePage } from '../components/service-page';
import { communityMonitoring } from '../content/community-monitoring';

/** /services/community-monitoring */
export default function CommunityMonitoringPage() {
  return <ServicePage content={communityMonitoring} />;
}
