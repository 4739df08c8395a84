import { describe, expect, it } from 'vitest';
import { linkUrl } from './link-url';

describe('linkUrl', () => {
  it.each([
    ['https://news.ycombinator.com/item?id=1', true],
    ['HTTPS://Example.com/x', true],
    ['http://example.com/path#frag', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['vbscript:msgbox(1)', false],
    ['file:///etc/passwd', false],
    ['//example.com/x', false],
    ['/relative', false],
    ['https:example.com', false],
    ['http://a b.example/', false],
    ['', false],
    [`https://example.com/${'a'.repeat(2100)}`, false],
  ])('%s is a link: %s', (raw, ok) => {
    expect(linkUrl(raw)).toBe(ok ? raw : undefined);
  });
  it('takes nothing', () => {
    expect(linkUrl(undefined)).toBeUndefined();
    expect(linkUrl(null)).toBeUndefined();
  });
});
