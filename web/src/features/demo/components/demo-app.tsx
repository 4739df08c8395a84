import { useState } from 'react';
import { DemoShell } from './demo-shell';
import { LoginScreen } from './login-screen';

/** The demo app: the fake sign-in, then the dashboard (docs/product.md §4.2). */
export function DemoApp({ pathname }: { pathname: string }) {
  const [signedIn, setSignedIn] = useState(false);
  return signedIn ? (
    <DemoShell pathname={pathname} onLogout={() => setSignedIn(false)} />
  ) : (
    <LoginScreen onSignIn={() => setSignedIn(true)} />
  );
}
