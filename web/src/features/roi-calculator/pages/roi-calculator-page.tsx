import { PageHero } from '@/components/content/page-hero';
import { RoiCalculator } from '../components/roi-calculator';

/** /resources/roi-calculator (docs/product.md §10.1, §10.2): the sales ROI calculator. */
export default function RoiCalculatorPage() {
  return (
    <>
      <PageHero
        eyebrow="Free tool"
        title="Sales ROI Calculator"
        intro="See what working buying-intent leads instead of cold lists could mean for your revenue, cost per deal and your team's time."
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <RoiCalculator />
      </div>
    </>
  );
}
