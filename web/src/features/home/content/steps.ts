/** The three steps of How it works. */
export const steps = [
  {
    title: 'Define your ideal customer',
    body: 'Tell us who you sell to: titles, company size, industries, competitors and the problems you solve. It takes about five minutes.',
  },
  {
    title: 'AI monitors buying signals',
    body: 'Our agents watch 500+ communities around the clock for hiring, funding, competitor engagement, job changes and tool research.',
  },
  {
    title: 'Receive qualified prospects',
    body: 'Within 2-4 hours of a post you get a scored lead with verified contact details, the context of the need and a drafted first message.',
  },
] as const;
