import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { testimonials } from '../content/testimonials';
import { useCarousel } from '../hooks/use-carousel';
import { SectionHeading } from './section-heading';
import { TestimonialSlide } from './testimonial-slide';
import { sectionClass } from './styles';

/** Interval of the automatic rotation. */
export const rotationMs = 6000;

const arrow =
  'flex h-11 w-11 items-center justify-center rounded-full border border-ink-600 bg-ink-800 text-slate-200 transition-colors hover:bg-ink-700 hover:text-white';

/**
 * Testimonials carousel: arrows and dots (wrapping), automatic rotation that
 * pauses on hover and focus and never runs with reduced motion. All slides
 * share one grid cell, so the height is the tallest slide's and never shifts.
 */
export function TestimonialsCarousel() {
  const count = testimonials.length;
  const c = useCarousel(count, rotationMs);

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="testimonials-title"
      className={sectionClass}
      onMouseEnter={() => c.setHeld(true)}
      onMouseLeave={() => c.setHeld(false)}
      onFocus={() => c.setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) c.setHeld(false);
      }}
    >
      <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Sales teams that stopped guessing" />
      <div className="relative mx-auto max-w-3xl rounded-2xl border border-ink-700 bg-ink-800/60 px-5 py-10 sm:px-12">
        <button
          type="button"
          onClick={c.toggleStopped}
          className={`absolute right-3 top-3 flex h-9 w-9 items-center justify-center rounded-full text-slate-400 hover:bg-ink-700 hover:text-white ${c.motionAllowed ? '' : 'invisible'}`}
          aria-label={c.autoplay ? 'Stop automatic rotation' : 'Start automatic rotation'}
        >
          {c.autoplay ? <Pause aria-hidden="true" className="h-4 w-4" /> : <Play aria-hidden="true" className="h-4 w-4" />}
        </button>
        <div className="grid" aria-live={c.rotating ? 'off' : 'polite'}>
          {testimonials.map((t, i) => (
            <div
              key={t.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== c.index}
              className={`[grid-area:1/1] transition-opacity duration-500 ${i === c.index ? 'opacity-100' : 'invisible opacity-0'}`}
            >
              <TestimonialSlide testimonial={t} />
            </div>
          ))}
        </div>
        <div className="mt-8 flex items-center justify-center gap-4">
          <button type="button" onClick={c.prev} aria-label="Previous testimonial" className={arrow}>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <div className="flex items-center">
            {testimonials.map((t, i) => (
              <button
                key={t.name}
                type="button"
                onClick={() => c.goTo(i)}
                aria-label={`Show testimonial ${i + 1}`}
                aria-current={i === c.index ? 'true' : undefined}
                className="group flex h-8 w-7 items-center justify-center"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all ${
                    i === c.index ? 'w-6 bg-brand-400' : 'w-2.5 bg-slate-500 group-hover:bg-slate-300'
                  }`}
                />
              </button>
            ))}
          </div>
          <button type="button" onClick={c.next} aria-label="Next testimonial" className={arrow}>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>
    </section>
  );
}
