import { Toaster } from 'sonner';
import { OnboardingForm } from '../components/onboarding-form';

/** /onboarding: the Signal Onboard questionnaire. */
export default function OnboardingPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">Client onboarding</p>
        <h1 className="mt-2 text-3xl font-extrabold text-white sm:text-4xl">Signal Onboard</h1>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">
          Eight short steps tell us who you sell to and what buying signals matter, so we can start finding your buyers. Your answers are
          kept in this tab until you submit.
        </p>
      </header>
      <div className="mt-10 rounded-2xl border border-ink-700 bg-ink-800/70 p-5 shadow-xl shadow-black/20 sm:p-8">
        <OnboardingForm />
      </div>
      <Toaster visibleToasts={3} duration={4000} theme="dark" richColors position="top-center" />
    </section>
  );
}
