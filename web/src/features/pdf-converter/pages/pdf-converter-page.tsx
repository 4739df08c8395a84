import { Toaster } from 'sonner';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { StepList } from '@/components/content/step-list';
import { ConverterCard } from '../components/converter-card';
import { SafetyNote } from '../components/safety-note';
import { hero, steps } from '../content/pdf-converter-content';

/** /tools/pdf-converter (docs/product.md §10.3, §10.4): HTML to an A4 PDF. */
export default function PdfConverterPage() {
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <ConverterCard />
        <SafetyNote />
      </div>
      <Section id="how-it-works" eyebrow="How it works" title="From HTML to PDF in three steps">
        <StepList steps={steps} />
      </Section>
      <Toaster visibleToasts={3} duration={5000} theme="dark" richColors position="top-center" />
    </>
  );
}
