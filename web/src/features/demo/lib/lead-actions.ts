import type { Lead } from '../types';
import { toCsv } from '@/lib/csv';

/**
 * mailto: link to the lead's email with the engine's draft as subject and body
 * (docs/product.md §4.5: Send Email); undefined when no address was found. The draft
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

/** CSV of the leads shown (Export): quotes doubled, fields with separators quoted, formulas defused (csvCell). */
export function leadsCsv(leads: readonly Lead[]): string {
  const header = ['Name', 'Title', 'Company', 'Email', 'Phone', 'Signal', 'Source', 'LinkedIn', 'Intent Score', 'Status'];
  const rows = leads.map((l) => [l.name, l.title, l.company, l.email, l.phone, l.signal, l.source, l.linkedin, l.intentScore, l.status]);
  return toCsv(rows, header);
}
