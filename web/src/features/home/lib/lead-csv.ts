import type { SampleLead } from '../content/sample-leads';
import { toCsv } from '@/lib/csv';

const header = ['Name', 'Title', 'Company', 'Email', 'Website', 'Signal', 'Source', 'Intent', 'Intent Score'];

/** CSV of the given leads, one row each, with the full signal text. */
export function leadsCsv(leads: readonly SampleLead[]): string {
  return toCsv(
    leads.map((l) => [l.name, l.title, l.company, l.email, l.website, l.signal, l.source, l.intent, l.intentScore]),
    header,
  );
}
