import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePortalLogin } from '../api/portal-login';
import { PasswordForm } from '../components/password-form';
import { PortalShell } from '../components/portal-shell';
import { usePublicPortalBrand } from '../lib/brand';

function Login() {
  const login = usePortalLogin();
  const navigate = useNavigate();
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
        onSubmit={(email, password) => login.mutate({ email, password }, { onSuccess: () => void navigate(paths.portal.path) })}
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
