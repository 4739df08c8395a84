import { AdminGate } from '@/components/admin/admin-gate';
import { BlogAdmin } from './blog-admin';

/** /blog/admin: the admin sign-in until there is a session, then the CMS. */
export function BlogAdminApp() {
  return (
    <AdminGate description="Sign in to write and publish blog posts.">
      {() => (
        <main>
          <BlogAdmin />
        </main>
      )}
    </AdminGate>
  );
}
