import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The calendar URL scripts/e2e-server.sh configures. */
export const calendarUrl = process.env.BOOKING_CALENDAR_URL ?? 'https://cal.example.com/signalpipe/strategy-call';

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

/** The admin account scripts/e2e-server.sh creates. */
export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@signalpipe.test',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
};

/** Signs the page's browser context in as the admin through the API (session and hint cookies). */
export async function signInAsAdmin(page: Page) {
  const res = await page.request.post(`${origin}/api/admin/login`, {
    data: { email: admin.email, password: admin.password },
    headers: { Origin: origin },
  });
  if (!res.ok()) throw new Error(`admin login: ${res.status()} ${await res.text()}`);
}

/** The rule sets every page's accessibility check runs: WCAG 2.0/2.1 A and AA, and axe's best practices. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The accessibility check a spec runs on its page (the `axe` fixture). */
export interface Axe {
  /**
   * Runs axe on the page as it is now and lists the serious and critical
   * violations, one line each (`path id: help (targets)`); a page passes when
   * the list is empty.
   */
  blockingViolations(): Promise<string[]>;
}

/** The serious and critical axe violations on a page as it is now (the `axe` fixture's check, for a page of another context). */
export async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  const path = new URL(page.url()).pathname;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Playwright's test with the shared fixtures: `axe` (one accessibility check for every spec). */
export const test = base.extend<{ axe: Axe }>({
  axe: async ({ page }, use) => {
    await use({
      blockingViolations: () => blockingViolations(page),
    });
  },
});
