import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { normalizeLead } from '../lib/normalize-lead';
import type { Lead } from '../types';
import { LeadRow } from './lead-row';
import { LeadsView } from './leads-view';

const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000).toISOString();

// A lead as the engine's API sends it (docs/api.md, Lead).
const apiLead = {
  id: 'lead_1',
  name: 'Dana Reyes',
  title: 'Controller',
  company: 'Brightwell',
  email: 'dana@brightwell.example',
  phone: '+1 (415) 555-0132',
  signal: 'Moving off Bill.com before renewal',
  source: 'Reddit r/accounting',
  linkedin: '',
  fullContext: 'Moving off Bill.com before renewal\n\nOur AP team is drowning in invoices.',
  intentScore: 84,
  status: 'Ready to Buy',
  intentTier: 'hot',
  industry: 'Fintech',
  employees: '200-1000',
  fit: { score: 0.9, reasons: ['title Controller matches Controller', 'located in Austin, within United States'] },
  detection: {
    signal_type: 'competitor_engagement',
    intent: true,
    strength: 0.81,
    cues: ['switching vendor', 'model: @senior'],
    cueLabels: ['Plans to switch vendors'],
  },
  relevance: { terms: ['Bill.com', 'invoices'], score: 0.8 },
  draft: {
    templateId: 'tool-migration',
    subject: 'Making the move off Bill.com painless',
    body: "Hi Dana,\n\nSaw that you're looking at moving off Bill.com.\n\nBest,",
  },
  url: 'https://www.reddit.com/r/accounting/comments/abc',
  platform: 'reddit',
  publishedAt: threeDaysAgo,
};

function Row({ lead }: { lead: Lead }) {
  const [open, setOpen] = useState(false);
  return (
    <table>
      <tbody>
        <LeadRow lead={lead} expanded={open} onToggle={() => setOpen((o) => !o)} />
      </tbody>
    </table>
  );
}

describe('LeadRow', () => {
  it('shows the evidence and the engine draft when expanded', async () => {
    render(<Row lead={normalizeLead(apiLead, 0)} />);
    expect(screen.queryByText('Drafted email')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View full context' }));
    const panel = screen.getByText('Deep Intelligence Profile').closest('td')!;
    const p = within(panel);
    expect(p.getByText('Bill.com')).toBeInTheDocument();
    expect(p.getByText('invoices')).toBeInTheDocument();
    expect(p.getByText('title Controller matches Controller')).toBeInTheDocument();
    expect(p.getByText('Plans to switch vendors')).toBeInTheDocument();
    expect(p.queryByText(/model:|switching vendor/)).not.toBeInTheDocument();
    const post = p.getByRole('link', { name: 'Reddit post, published 3 days ago' });
    expect(post).toHaveAttribute('href', apiLead.url);
    expect(panel.querySelector('time')).toHaveAttribute('datetime', threeDaysAgo);
    expect(p.getByText('Subject: Making the move off Bill.com painless')).toBeInTheDocument();
    expect(p.getByText(/Saw that you're looking at moving off Bill\.com\./)).toBeInTheDocument();
  });

  it('Send Email mails the found address with the engine draft; Call dials the phone', () => {
    render(<Row lead={normalizeLead(apiLead, 0)} />);
    const mail = screen.getByRole('link', { name: 'Send Email' });
    const href = mail.getAttribute('href')!;
    expect(href.startsWith('mailto:dana@brightwell.example?')).toBe(true);
    const q = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(q.get('subject')).toBe(apiLead.draft.subject);
    expect(q.get('body')).toBe(apiLead.draft.body);
    expect(href).not.toContain('+');
    expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+14155550132');
  });

  it('without an email or a phone, Send Email and Call are disabled, not empty links', () => {
    render(<Row lead={normalizeLead({ ...apiLead, email: '', phone: '' }, 0)} />);
    for (const name of ['Send Email', 'Call']) {
      const a = screen.getByText(name).closest('a')!;
      expect(a).not.toHaveAttribute('href');
      expect(a).toHaveAttribute('aria-disabled', 'true');
    }
  });

  it('a lead with no evidence (a sample) shows none of the evidence headings', async () => {
    const { draft: _d, relevance: _r, fit: _f, detection: _det, url: _u, platform: _p, publishedAt: _t, ...bare } = apiLead;
    render(<Row lead={normalizeLead(bare, 0)} />);
    await userEvent.click(screen.getByRole('button', { name: 'View full context' }));
    for (const h of ['Relevant to', 'Why it fits', 'Buying signal', 'Drafted email']) expect(screen.queryByText(h)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send Email' })).toHaveAttribute('href', 'mailto:dana@brightwell.example');
  });
});

describe('LeadsView status', () => {
  it('says how new the newest post read is', () => {
    render(<LeadsView source={{ kind: 'empty' }} searching={false} progress="" newestPostAt={threeDaysAgo} />);
    expect(screen.getByRole('status')).toHaveTextContent('Live monitoring active· Newest post read: 3 days ago');
    expect(screen.getByText('No live leads found. Try adjusting your ICP criteria.')).toBeInTheDocument();
  });

  it('says under an empty result why the search found nothing', () => {
    const why = "Read 1200 posts: 786 not about the ICP's topic, 12 below the signal threshold; 0 leads";
    render(<LeadsView source={{ kind: 'empty' }} searching={false} progress="" readSummary={why} />);
    expect(screen.getByText(why)).toBeInTheDocument();
    expect(screen.getByText(/No live leads found\. Try adjusting your ICP criteria\./)).toBeInTheDocument();
  });

  it('says nothing about posts when the server did not', () => {
    render(<LeadsView source={{ kind: 'empty' }} searching={false} progress="" />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Live monitoring active$/);
  });
});
