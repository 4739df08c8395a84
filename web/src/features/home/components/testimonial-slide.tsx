import { Star } from 'lucide-react';
import type { Testimonial } from '../content/testimonials';

/** One testimonial: rating, quote and who said it. */
export function TestimonialSlide({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col items-center text-center">
      <div role="img" aria-label={`Rated ${t.rating} out of 5`} className="flex gap-1 text-amber-400">
        {Array.from({ length: t.rating }, (_, i) => (
          <Star key={i} aria-hidden="true" className="h-5 w-5 fill-current" />
        ))}
      </div>
      <blockquote className="mt-6 flex-1 text-lg leading-relaxed text-slate-100 md:text-xl">
        <p>“{t.quote}”</p>
      </blockquote>
      <figcaption className="mt-8 flex items-center gap-3 text-left">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 items-center justify-center rounded-full bg-gradient-to-br from-brand-300 to-brand-500 text-sm font-bold text-ink-950"
        >
          {t.initials}
        </span>
        <span>
          <span className="block font-semibold text-white">{t.name}</span>
          <span className="block text-sm text-slate-400">
            {t.role}, {t.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
