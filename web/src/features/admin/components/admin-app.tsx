import { AdminConsole } from './admin-console';
import { AdminGate } from '@/components/admin/admin-gate';

/** /admin: the sign-in form until there is a session, then the console. */
export function AdminApp() {
  return <AdminGate>{(session) => <AdminConsole session={session} />}</AdminGate>;
}
