import { IcpForm, type IcpFormProps } from './icp-form';
import { MonitoringCards } from './monitoring-cards';

/** Intent Agents: the ICP form with Find Live Leads, and the monitoring cards. */
export function DiscoveryView(props: IcpFormProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-white">Intent Agents</h1>
      <IcpForm {...props} />
      <MonitoringCards />
    </div>
  );
}
