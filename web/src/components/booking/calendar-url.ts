/** What the scheduling page is prefilled with (docs/product.md §5.3: name = company, email, dark theme). */
export interface CalendarPrefill {
  company: string;
  email: string;
}

/**
 * The scheduling page URL with the visitor's details as query parameters, in
 * the dark theme. Parameters the calendar URL already carries are kept.
 */
export function prefilledCalendarUrl(base: string, prefill: CalendarPrefill): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return base;
  }
  if (prefill.company.trim()) url.searchParams.set('name', prefill.company.trim());
  if (prefill.email.trim()) url.searchParams.set('email', prefill.email.trim());
  url.searchParams.set('theme', 'dark');
  return url.toString();
}
