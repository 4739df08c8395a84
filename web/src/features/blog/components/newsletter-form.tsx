import { useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { primaryButton } from '@/components/ui/styles';
import { ApiError } from '@/lib/admin/api-client';
import { isValidEmail, useSubscribeNewsletter } from '../api/subscribe-newsletter';

function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return 'Too many attempts. Please try again in a minute.';
    return err.fields.email ?? err.message;
  }
  return 'Could not reach the server. Please try again.';
}

/** The newsletter sign-up: stores the address once and says what happened. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const subscribe = useSubscribeNewsletter();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setInvalid('Enter a valid email address');
      return;
    }
    setInvalid(null);
    subscribe.mutate({ email: address }, { onSuccess: () => setEmail('') });
  };

  const error = invalid ?? (subscribe.isError ? errorText(subscribe.error) : null);
  return (
    <section
      aria-labelledby="newsletter-title"
      className="rounded-2xl border border-ink-700 bg-gradient-to-br from-ink-800 to-ink-900 p-8 text-center"
    >
      <Mail aria-hidden="true" className="mx-auto h-8 w-8 text-brand-300" />
      <h2 id="newsletter-title" className="mt-3 text-2xl font-bold text-white">
        Get new articles in your inbox
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-slate-300">
        Buying-intent plays, outreach teardowns and automation recipes. One email when something new is published.
      </p>
      <form onSubmit={onSubmit} noValidate className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="newsletter-status"
          className="min-h-11 flex-1 rounded-lg border border-ink-600 bg-ink-900 px-4 text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none"
        />
        <button type="submit" disabled={subscribe.isPending} className={primaryButton}>
          {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
        </button>
      </form>
      <p id="newsletter-status" role="status" className={`mt-3 min-h-6 text-sm ${error ? 'text-rose-300' : 'text-brand-300'}`}>
        {error ?? (subscribe.isSuccess ? subscribe.data?.message : '')}
      </p>
    </section>
  );
}
