import { useId } from 'react';
import { card, field, label, primaryButton } from './styles';

/** The fake demo sign-in: prefilled fields, no credential check (docs/product.md §4.2). */
export function LoginScreen({ onSignIn }: { onSignIn: () => void }) {
  const id = useId();
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink-950 px-4 py-12 text-white">
      <div className={`${card} w-full max-w-md p-6 sm:p-8`}>
        <p className="text-center text-lg font-bold">
          Signal<span className="text-brand-400">pipe</span>
        </p>
        <h1 className="mt-4 text-center text-2xl font-bold">Sign in to the demo</h1>
        <p className="mt-2 text-center text-sm text-slate-300">Explore live buying signals with a demo account.</p>
        <form
          className="mt-6 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            onSignIn();
          }}
        >
          <div>
            <label htmlFor={`${id}-email`} className={label}>
              Email
            </label>
            <input id={`${id}-email`} type="email" defaultValue="demo@signalpipe.io" autoComplete="username" className={field} />
          </div>
          <div>
            <label htmlFor={`${id}-password`} className={label}>
              Password
            </label>
            <input id={`${id}-password`} type="password" defaultValue="demo-password" autoComplete="current-password" className={field} />
          </div>
          <button type="submit" className={`${primaryButton} w-full`}>
            Sign In to Demo
          </button>
        </form>
      </div>
    </main>
  );
}
