import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { usePortalLogin } from '../api/portal-login';
import { PasswordForm } from '../components/password-form';
import { PortalShell } from '../components/portal-shell';
import { usePublicPortalBrand } from '../lib/brand';
import { afterLoginPath } from '../lib/lead-link';

function Login() {
  const login = usePortalLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = afterLoginPath(params.get('next'));
  const brand = usePublicPortalBrand();
  return (
    <PortalShell title={paths.portalLogin.title} brand={brand.data}>
      <PasswordForm
        heading="Client sign-in"
        submitLabel="Sign in"
        passwordLabel="Password"
        withEmail
        pending={login.isPending}
        error={login.error}
        onSubmit={(email, password) => login.mutate({ email, password }, { onSuccess: () => void navigate(next) })}
      />
    </PortalShell>
  );
}

/** /portal/login: a client user signs in. */
export default function PortalLoginPage() {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <Login />
    </QueryClientProvider>
  );
}
