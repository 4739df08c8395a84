/** A customer testimonial (docs/product.md §3.1). All people and companies are fictional. */
export interface Testimonial {
  name: string;
  role: string;
  company: string;
  /** Shown in the avatar instead of a photo. */
  initials: string;
  quote: string;
  rating: 5;
}

type Row = [string, string, string, string];

const rows: Row[] = [
  [
    'Sarah Whitfield',
    'VP of Sales',
    'Cloudmere',
    'We stopped buying lists the month we switched. Every lead arrives with the reason they are in market, and our reps open with that. Reply rates tripled in the first quarter.',
  ],
  [
    'Marcus Bell',
    'Head of Revenue',
    'Pivotline',
    'The funding and new-role alerts alone paid for the service. We reach decision makers days before competitors even know the budget exists.',
  ],
  [
    'Aisha Karimi',
    'Founder',
    'Stacklane',
    'As a small team we cannot afford a research department. Signalpipe is that department: verified emails, context and a first draft, every morning.',
  ],
  [
    'Tomás Rivera',
    'Sales Director',
    'Greywater Systems',
    'Setup took one call. Two weeks later we closed a deal from a Reddit thread we would never have found on our own.',
  ],
  [
    'Hannah Schultz',
    'RevOps Manager',
    'Northpeak Digital',
    'Bounce rates went from 11% to under 2%, and the intent scores match what our reps see on calls. It is the first lead source our team actually trusts.',
  ],
];

const initialsOf = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

/** The five testimonials of the carousel. */
export const testimonials: Testimonial[] = rows.map(([name, role, company, quote]) => ({
  name,
  role,
  company,
  quote,
  initials: initialsOf(name),
  rating: 5,
}));
