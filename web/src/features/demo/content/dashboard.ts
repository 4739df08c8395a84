/** The Dashboard's four stat cards (docs/product.md §4.3). */
export const dashboardStats = [
  { label: 'Active Signals', value: '247', tone: 'text-brand-300' },
  { label: 'Ready to Buy', value: '23', tone: 'text-red-300' },
  { label: 'Hot Prospects', value: '47', tone: 'text-orange-300' },
  { label: 'Pipeline Value', value: '$127K', tone: 'text-emerald-300' },
] as const;

/** The three Live Intent Monitoring cards (docs/product.md §4.4); template is the campaign template an admin's Activate Agent creates an agent from. */
export const monitoringAgents = [
  {
    id: 'competitor',
    template: 'competitor-engagement',
    title: 'Competitor Engagement',
    today: 23,
    active: true,
    description: 'People engaging with your competitors\u2019 posts, reviews and pricing pages.',
  },
  {
    id: 'new-role',
    template: 'new-role-alert',
    title: 'New Role Alert',
    today: 7,
    active: false,
    description: 'Decision makers who just started a new role at a target account.',
  },
  {
    id: 'funding',
    template: 'fresh-funding',
    title: 'Fresh Funding',
    today: 12,
    active: true,
    description: 'Companies in your ICP that announced a funding round this month.',
  },
] as const;
