import type { Lead } from '../types';
import { csvCell } from '@/lib/csv-cell';

/** The drafted first message for a lead. */
export function draftOutreach(lead: Lead): { subject: string; body: string } {
  const first = lead.name.split(' ')[0] || 'there';
  return {
    subject: `Quick idea for ${lead.company || 'your team'}`,
    body: `Hi ${first},\n\nI noticed ${lead.signal || 'your recent activity'}\n\nWe help teams like ${lead.company || 'yours'} reach buyers while they are in market. Worth a 15-minute call this week?\n\nBest,`,
  };
}

/** mailto: link with the drafted outreach (DECISIONS.md: Send Email). */
export function mailtoHref(lead: Lead): string {
  const { subject, body } = draftOutreach(lead);
  return `mailto:${lead.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** tel: link with the digits of the phone number. */
export const telHref = (lead: Lead) => `tel:${lead.phone.replace(/[^\d+]/g, '')}`;

const csvField = csvCell;

/** CSV of the leads shown (Export): quotes doubled, fields with separators quoted, formulas defused (csvCell). */
export function leadsCsv(leads: readonly Lead[]): string {
  const header = ['Name', 'Title', 'Company', 'Email', 'Phone', 'Signal', 'Source', 'LinkedIn', 'Intent Score', 'Status'];
  const rows = leads.map((l) => [l.name, l.title, l.company, l.email, l.phone, l.signal, l.source, l.linkedin, l.intentScore, l.status]);
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Offers text as a file download. */
export function downloadCsv(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
