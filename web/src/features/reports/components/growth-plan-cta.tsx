import { BookingButton } from '@/components/booking/booking-button';
import { CtaBand } from '@/components/content/cta-band';
import { primaryButton } from '@/components/ui/styles';

interface GrowthPlanCtaProps {
  /** Path of the page, sent with the booking as its source page. */
  sourcePage: string;
  title?: string;
  text?: string;
}

/**
 * The closing block every playbook page ends with: the "Get Your Free AI
 * Growth Plan" button, which opens the booking dialog with the page as source.
 */
export function GrowthPlanCta({
  sourcePage,
  title = 'Want This Running for Your Team?',
  text = 'Book a free strategy session. We will look at your market, show you the buying signals your prospects are giving off right now and map out a plan to turn them into meetings.',
}: GrowthPlanCtaProps) {
  return (
    <CtaBand
      title={title}
      text={<p>{text}</p>}
      actions={<BookingButton label="Get Your Free AI Growth Plan" sourcePage={sourcePage} className={primaryButton} />}
    />
  );
}
