import { JsonLd } from '@/components/ui/json-ld';
import { baseUrl } from '@/lib/base-url';
import { ChatBubble } from '../components/chat-bubble';
import { ClosingCta } from '../components/closing-cta';
import { DashboardPreview } from '../components/dashboard-preview';
import { FaqSection } from '../components/faq-section';
import { HeroSection } from '../components/hero-section';
import { HowItWorks } from '../components/how-it-works';
import { SignalFeed } from '../components/signal-feed';
import { TestimonialsCarousel } from '../components/testimonials-carousel';
import { organizationJsonLd, serviceJsonLd } from '../lib/structured-data';

/** The landing page (docs/product.md §3.1); the layout adds header and footer. */
export default function HomePage() {
  const base = baseUrl();
  return (
    <>
      <HeroSection />
      <HowItWorks />
      <DashboardPreview />
      <SignalFeed />
      <TestimonialsCarousel />
      <FaqSection />
      <ClosingCta />
      <ChatBubble />
      <JsonLd data={organizationJsonLd(base)} />
      <JsonLd data={serviceJsonLd(base)} />
    </>
  );
}
