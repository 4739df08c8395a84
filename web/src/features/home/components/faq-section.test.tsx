import { render, screen } from '@testing-library/react';
import { faqs } from '../content/faqs';
import { FaqSection } from './faq-section';

describe('FaqSection', () => {
  it('renders 6 native disclosures', () => {
    const { container } = render(<FaqSection />);
    const items = container.querySelectorAll('details');
    expect(items).toHaveLength(6);
    items.forEach((item, i) => expect(item.querySelector('summary')).toHaveTextContent(faqs[i].question));
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
  });

  it('embeds FAQPage JSON-LD with the same 6 questions and answers', () => {
    const { container } = render(<FaqSection />);
    const script = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}');
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(6);
    expect(data.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: faqs[0].question,
      acceptedAnswer: { '@type': 'Answer', text: faqs[0].answer },
    });
  });
});
