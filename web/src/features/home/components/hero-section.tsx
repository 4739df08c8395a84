import { Link } from 'react-router';
import { CalendarDays } from 'lucide-react';
import { BookingButton } from '@/components/booking/booking-button';
import { paths } from '@/config/paths';
import { heroClaims } from '../content/hero';
import { HeroDashboard } from './hero-dashboard';
import { LogoStrip } from './logo-strip';
import { primaryButton, secondaryButton } from './styles';

/** Headline, calls to action, claims, mock dashboard and the platform strip. */
export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_20%_-10%,rgba(52,211,153,0.14),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 pb-4 pt-10 sm:px-6 md:pt-20">
        <div className="grid grid-cols-1 items-center gap-12 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-ink-600 bg-ink-800/70 px-3 py-1 text-xs font-medium text-slate-300">
              <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-brand-400" />
              AI buying-intent detection for B2B sales teams
            </p>
            <h1 id="hero-title" className="mt-5 text-4xl font-extrabold leading-tight tracking-tight text-white sm:text-5xl lg:text-6xl">
              Fill Your Pipeline with <span className="text-brand-400">Ready-to-Buy</span> Leads
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-300">
              Signalpipe watches 500+ communities for buying-intent signals (hiring, funding, competitor engagement, job changes and tool
              research) and hands your team verified prospects with the context of their need, hours after they post.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <BookingButton label="Book Your Free Strategy Call" sourcePage="/" className={primaryButton}>
                <CalendarDays aria-hidden="true" className="h-4 w-4" />
                Book Your Free Strategy Call
              </BookingButton>
              <Link to={paths.demo.path} className={secondaryButton}>
                Try the Live Demo
                <span aria-hidden="true">→</span>
              </Link>
            </div>
            <dl className="mt-10 grid grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-3">
              {heroClaims.map((claim) => (
                <div key={claim.label} className="flex flex-col-reverse">
                  <dt className="text-sm text-slate-400">{claim.label}</dt>
                  <dd className="text-2xl font-bold text-white">{claim.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <HeroDashboard />
        </div>
        <LogoStrip />
      </div>
    </section>
  );
}
