import type { ReactNode } from 'react';
import type { AdminSession } from '@/lib/admin/get-session';
import { useSession } from '@/lib/admin/session';
import { secondaryButton } from '@/components/ui/form-styles';
import { SignInForm } from './sign-in-form';

interface AdminGateProps {
  /** What signing in is for, shown on the sign-in form. */
  description?: string;
  /** The admin screen, given the signed-in session. */
  children: (session: AdminSession) => ReactNode;
}

/**
 * Shows the admin sign-in until there is a session, then the screen it guards
 * (/admin, /blog/admin). A server that cannot be reached says so, with a retry.
 */
export function AdminGate({ description, children }: AdminGateProps) {
  const session = useSession();

  if (session.isPending) {
    return <p className="p-16 text-center text-slate-400">Checking your session…</p>;
  }
  if (session.isError) {
    return (
      <div role="alert" className="p-16 text-center text-rose-200">
        <p>Could not reach the server: {session.error.message}</p>
        <button type="button" onClick={() => void session.refetch()} className={`${secondaryButton} mt-4`}>
          Try again
        </button>
      </div>
    );
  }
  if (!session.data) {
    return (
      <main className="flex min-h-screen items-center justify-center px-4 py-16">
        <SignInForm description={description} />
      </main>
    );
  }
  return <>{children(session.data)}</>;
}
