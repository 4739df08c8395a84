/** An FAQ item (docs/product.md §3.1). */
export interface Faq {
  question: string;
  answer: string;
}

/** The six questions of the home page FAQ; also the FAQPage structured data. */
export const faqs: Faq[] = [
  {
    question: 'What counts as a buying signal?',
    answer:
      'A public post or event showing a company is ready to buy what you sell: a founder asking for tool recommendations, hiring for the role your product supports, a fresh funding round, a new executive rebuilding their stack, or someone comparing your competitors. Each signal is scored against your ideal customer profile.',
  },
  {
    question: 'How quickly do signals reach me?',
    answer:
      'Usually 2-4 hours after the original post. Our agents monitor around the clock, so you reach out while the need is fresh, often before anyone else.',
  },
  {
    question: 'Are the contact details verified?',
    answer:
      'Yes. Every lead comes with a verified work email, re-checked before delivery for 98% deliverability, plus 50+ data points and the full context of the signal.',
  },
  {
    question: 'How long does setup take?',
    answer:
      'About five minutes. Describe your ideal customer, your offer and the competitors to watch; we configure the agents on a short call and the first signals arrive the same day.',
  },
  {
    question: 'Which communities and platforms do you monitor?',
    answer:
      '500+ sources, including Reddit, LinkedIn, Hacker News, X, G2, Product Hunt, GitHub, Stack Overflow and public Slack and Discord communities, plus funding and hiring news. Niche communities for your industry are added on request.',
  },
  {
    question: 'How much does it cost, and is there a contract?',
    answer:
      'Plans start at $1,999 per month for 50 signal leads, with unlimited detection on higher plans. Billing is monthly with no long-term contract; change or cancel any time.',
  },
];
