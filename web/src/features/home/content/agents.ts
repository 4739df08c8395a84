/** The intent agents shown in the dashboard preview's Agents tab. */
export const agents = [
  {
    name: 'Competitor Engagement',
    description: 'People engaging with or complaining about your competitors.',
    today: 23,
    active: true,
  },
  {
    name: 'New Role Alert',
    description: 'Decision makers who just started a new role and are rebuilding their stack.',
    today: 7,
    active: false,
  },
  {
    name: 'Fresh Funding',
    description: 'Companies in your ICP that announced a funding round this week.',
    today: 12,
    active: true,
  },
] as const;
