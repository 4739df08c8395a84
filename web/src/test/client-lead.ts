import type { ClientLead } from '@/lib/clients/lead-schema';

// clientLead is a new hot tech-research lead of client c1 for the inbox
// and portal tests: the person's name and company vary, the rest is fixed.
export const clientLead = (id: string, name: string, company = 'Acme'): ClientLead => ({
  id,
  clientId: 'c1',
  agentId: 'a1',
  url: `https://news.example/${id}`,
  tier: 'hot',
  signalType: 'tech_research',
  score: 81.4,
  lead: { name, company, signal: 'Looking for a CRM', fullContext: `Full post of ${name}`, fit: { reasons: ['title matches'] } },
  state: 'new',
  feedback: null,
  createdAt: '2026-11-27T07:00:00Z',
});
