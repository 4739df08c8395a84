import { useSession } from '../api/get-session';
import { secondaryButton } from '../lib/styles';
import { AdminConsole } from './admin-console';
import { SignInForm } from './sign-in-form';

/** /admin: the sign-in form until there is a session, then the console. */
export function AdminApp() {
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
        <SignInForm />
      </main>
    );
  }
  return <AdminConsole session={session.data} />;
}
