// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paths, routeList } from '@/config/paths';
import { documentTitle, headTags } from './head';

describe('white-label pages (the portal)', () => {
  it('the head the server sends for each portal route names no product', () => {
    const portal = routeList.filter((r) => r.path.startsWith('/portal'));
    expect(portal.map((r) => r.path)).toEqual([paths.portal.path, paths.portalLogin.path, paths.portalInvite.path]);
    for (const r of portal) {
      const head = headTags(r, 'https://sp.example' + r.path);
      expect(head).toContain(`<title>${r.title}</title>`);
      expect(head).not.toContain('Signalpipe');
    }
    // Any other page keeps the product's name.
    expect(headTags(paths.home, 'https://sp.example/')).toContain('| Signalpipe</title>');
  });

  it('keep a title without the product name on the client', () => {
    expect(documentTitle('Your leads', true)).toBe('Your leads');
    expect(documentTitle('Your leads')).toBe('Your leads | Signalpipe');
  });
});
