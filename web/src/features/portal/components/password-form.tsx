import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/admin/api-client';
import { inputClass, primaryButton } from '@/components/ui/form-styles';

interface PasswordFormProps {
  heading: string;
  submitLabel: string;
  /** Ask for the email too (sign-in). */
  withEmail: boolean;
  passwordLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (email: string, password: string) => void;
  /** Setting a new password (the invite) rather than signing in. */
  newPassword?: boolean;
}

/** The portal's sign-in and set-password form, with the API's field errors. */
export function PasswordForm({
  heading,
  submitLabel,
  withEmail,
  passwordLabel,
  pending,
  error,
  onSubmit,
  newPassword = false,
}: PasswordFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(email, password);
  };
  const fields = error instanceof ApiError ? error.fields : {};
  const message = error instanceof Error ? (fields.password ?? fields.email ?? error.message) : null;
  return (
    <form onSubmit={submit} className="mx-auto max-w-sm space-y-4 rounded-2xl border border-ink-700 bg-ink-800/60 p-6">
      <h1 className="text-xl font-bold text-white">{heading}</h1>
      {withEmail && (
        <label className="block text-sm text-slate-300">
          Email
          <input
            className={inputClass}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
      )}
      <label className="block text-sm text-slate-300">
        {passwordLabel}
        <input
          className={inputClass}
          type="password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          required
          minLength={newPassword ? 12 : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {message && (
        <p role="alert" className="text-sm text-rose-200">
          {message}
        </p>
      )}
      <button type="submit" className={`${primaryButton} w-full`} disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
