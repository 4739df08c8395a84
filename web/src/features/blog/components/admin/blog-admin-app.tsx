import { useSession } from '@/features/admin/api/get-session';
import { SignInForm } from '@/features/admin/components/sign-in-form';
import { secondaryButton } from '@/features/admin/lib/styles';
import { BlogAdmin } from './blog-admin';

/** /blog/admin: the admin sign-in until there is a session, then the CMS. */
export function BlogAdminApp() {
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
        <SignInForm description="Sign in to write and publish blog posts." />
      </main>
    );
  }
  return (
    <main>
      <BlogAdmin />
    </main>
  );
}
