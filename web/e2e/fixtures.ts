import { expect, type Page } from '@playwright/test';

/** The calendar URL scripts/e2e-server.sh configures. */
export const calendarUrl =
  process.env.BOOKING_CALENDAR_URL ?? 'https://cal.example.com/signalpipe/strategy-call';

/** Collects console errors and page errors (hydration mismatches show up here). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

/** Waits until React has hydrated the prerendered page (the app marks <html>). */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/** The origin the e2e server runs on (its BASE_URL). */
export const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 18080}`;
