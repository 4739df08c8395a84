import { act, fireEvent, render, screen } from '@testing-library/react';
import { testimonials } from '../content/testimonials';
import { mockMatchMedia, unmockMatchMedia } from '../test-utils';
import { rotationMs, TestimonialsCarousel } from './testimonials-carousel';

/** The number (1-based) of the slide that is shown. */
function currentSlide(): number {
  const visible = screen.getAllByRole('group').filter((el) => el.getAttribute('aria-roledescription') === 'slide');
  expect(visible).toHaveLength(1);
  return Number(visible[0].getAttribute('aria-label')?.split(' ')[0]);
}

describe('TestimonialsCarousel', () => {
  afterEach(() => {
    vi.useRealTimers();
    unmockMatchMedia();
  });

  it('is a labelled carousel of 5 slides with a 5-star rating', () => {
    render(<TestimonialsCarousel />);
    const carousel = screen.getByRole('region', { name: 'Sales teams that stopped guessing' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(testimonials).toHaveLength(5);
    expect(currentSlide()).toBe(1);
    expect(screen.getByRole('group', { name: '1 of 5' })).toHaveTextContent(testimonials[0].name);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
  });

  it('wraps: previous from the first shows the last, next from the last shows the first', () => {
    render(<TestimonialsCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(currentSlide()).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(currentSlide()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(currentSlide()).toBe(2);
  });

  it('dots jump to a slide and mark the current one', () => {
    render(<TestimonialsCarousel />);
    const dots = [1, 2, 3, 4, 5].map((n) => screen.getByRole('button', { name: `Show testimonial ${n}` }));
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    fireEvent.click(dots[3]);
    expect(currentSlide()).toBe(4);
    expect(dots[3]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
  });

  it('rotates every 6 s and pauses while hovered', () => {
    vi.useFakeTimers();
    mockMatchMedia(false);
    render(<TestimonialsCarousel />);
    act(() => vi.advanceTimersByTime(rotationMs - 1));
    expect(currentSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(currentSlide()).toBe(2);
    act(() => vi.advanceTimersByTime(rotationMs));
    expect(currentSlide()).toBe(3);

    fireEvent.mouseEnter(screen.getByRole('region'));
    act(() => vi.advanceTimersByTime(rotationMs * 3));
    expect(currentSlide()).toBe(3);
    fireEvent.mouseLeave(screen.getByRole('region'));
    act(() => vi.advanceTimersByTime(rotationMs));
    expect(currentSlide()).toBe(4);
  });

  it('stops rotating when the visitor presses Stop', () => {
    vi.useFakeTimers();
    mockMatchMedia(false);
    render(<TestimonialsCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic rotation' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Start automatic rotation' }));
    act(() => vi.advanceTimersByTime(rotationMs * 2));
    expect(currentSlide()).toBe(1);
  });

  it('never rotates when reduced motion is preferred', () => {
    vi.useFakeTimers();
    mockMatchMedia(true);
    render(<TestimonialsCarousel />);
    act(() => vi.advanceTimersByTime(rotationMs * 5));
    expect(currentSlide()).toBe(1);
  });
});
