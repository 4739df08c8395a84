import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/admin/api-client';
import { useAcceptInvite } from '../api/accept-invite';
import { PasswordForm } from '../components/password-form';
import { PortalShell } from '../components/portal-shell';
import { usePublicPortalBrand } from '../lib/brand';

function AcceptInvite() {
  const { token = '' } = useParams();
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  // An invite bound to an email needs only the password; for one without, the server asks for the email.
  const needsEmail = accept.error instanceof ApiError && 'email' in accept.error.fields;
  const [askEmail, setAskEmail] = useState(false);
  const brand = usePublicPortalBrand();
  if (needsEmail && !askEmail) setAskEmail(true);
  return (
    <PortalShell title={paths.portalInvite.title} brand={brand.data}>
      <p className="mx-auto mb-4 max-w-sm text-sm text-slate-400">
        You were invited to your company&apos;s leads workspace. Choose a password (at least 12 characters) to see your leads.
      </p>
      <PasswordForm
        heading="Set your password"
        submitLabel="Set password and sign in"
        passwordLabel="New password"
        newPassword
        withEmail={askEmail}
        pending={accept.isPending}
        error={accept.error}
        onSubmit={(email, password) =>
          accept.mutate({ token, password, ...(askEmail ? { email } : {}) }, { onSuccess: () => void navigate(paths.portal.path) })
        }
      />
    </PortalShell>
  );
}

/** /portal/invite/{token}: the invitee sets a password and lands in the inbox. */
export default function PortalInvitePage() {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <AcceptInvite />
    </QueryClientProvider>
  );
}
