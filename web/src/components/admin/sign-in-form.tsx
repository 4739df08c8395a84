import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { ApiError } from '@/lib/admin/api-client';
import { loginInputSchema, useLogin, type LoginInput } from '@/lib/admin/login';
import { inputClass, primaryButton } from '@/components/ui/form-styles';

function loginErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) {
      const wait = err.retryAfter
        ? ` Try again in ${Math.ceil(err.retryAfter / 60)} minute${err.retryAfter > 60 ? 's' : ''}.`
        : ' Try again later.';
      return `Too many sign-in attempts.${wait}`;
    }
    return err.message;
  }
  return 'Could not reach the server. Check your connection and try again.';
}

/** The admin sign-in form (email and password), with the API's errors. */
export function SignInForm({
  expired = false,
  description = 'Sign in to see submissions and their delivery.',
}: {
  expired?: boolean;
  /** What signing in gives access to, under the heading. */
  description?: string;
}) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginInputSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) => login.mutate(values));

  return (
    <div className="mx-auto w-full max-w-sm">
      <div className="flex flex-col items-center text-center">
        <span className="rounded-full bg-brand-400/15 p-3 text-brand-300">
          <LockKeyhole aria-hidden="true" className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-white">Admin sign-in</h1>
        <p className="mt-1 text-sm text-slate-400">{description}</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="mt-8 space-y-5 rounded-2xl border border-ink-700 bg-ink-800/70 p-6">
        {(login.isError || expired) && (
          <p role="alert" className="rounded-lg border border-rose-400/40 bg-rose-400/10 px-3 py-2 text-sm text-rose-200">
            {login.isError ? loginErrorText(login.error) : 'Your session has ended. Please sign in again.'}
          </p>
        )}
        <div>
          <label htmlFor="admin-email" className="text-sm font-medium text-slate-200">
            Email
          </label>
          <input
            id="admin-email"
            type="email"
            autoComplete="username"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'admin-email-error' : undefined}
            className={inputClass}
            {...register('email')}
          />
          {errors.email && (
            <p id="admin-email-error" className="mt-1 text-sm text-rose-300">
              {errors.email.message}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="admin-password" className="text-sm font-medium text-slate-200">
            Password
          </label>
          <input
            id="admin-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'admin-password-error' : undefined}
            className={inputClass}
            {...register('password')}
          />
          {errors.password && (
            <p id="admin-password-error" className="mt-1 text-sm text-rose-300">
              {errors.password.message}
            </p>
          )}
        </div>
        <button type="submit" disabled={login.isPending} className={`${primaryButton} w-full`}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
