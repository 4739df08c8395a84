import type { Lead } from '../types';
import { csvCell } from '@/lib/csv-cell';

/**
 * mailto: link to the lead's email with the engine's draft as subject and body
 * (DECISIONS.md: Send Email); undefined when no address was found. The draft
 * is the server's (lead.draft): the browser writes none.
 */
export function mailtoHref(lead: Lead): string | undefined {
  if (!lead.email) return undefined;
  const fields: string[] = [];
  if (lead.draft?.subject) fields.push(`subject=${encodeURIComponent(lead.draft.subject)}`);
  if (lead.draft?.body) fields.push(`body=${encodeURIComponent(lead.draft.body)}`);
  const to = encodeURIComponent(lead.email).replace('%40', '@');
  return `mailto:${to}${fields.length > 0 ? `?${fields.join('&')}` : ''}`;
}

/** tel: link with the digits of the phone number; undefined when there is none. */
export function telHref(lead: Lead): string | undefined {
  const digits = lead.phone.replace(/[^\d+]/g, '');
  return digits ? `tel:${digits}` : undefined;
}

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
