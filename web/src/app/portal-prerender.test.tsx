// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';

// The HTML the server sends for the portal (prerendered pages and the invite page's shell) is
// white-label: neither its title nor its body names the product before the brand is known.
describe('the portal as prerendered', () => {
  it.each(['/portal', '/portal/login', '/portal/invite/__signalpipe_shell__'])('%s names no product', async (path) => {
    const r = await render(path);
    expect(r.status).toBe(200);
    expect(/<title>([^<]*)<\/title>/.exec(r.head)?.[1]).toMatch(/^(Your leads|Client sign-in|Accept your invite)$/);
    expect(r.head).not.toContain('Signalpipe');
    expect(r.html).not.toContain('Signalpipe');
  });
});
