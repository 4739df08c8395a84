import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './download-file';

describe('downloadFile', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('clicks a link to an object URL of the text, named and typed, then revokes the URL later', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:file';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    let clicked: { name: string; href: string; inDocument: boolean } | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked = { name: this.download, href: this.getAttribute('href') ?? '', inDocument: document.body.contains(this) };
    });

    downloadFile('leads.csv', 'a,b\r\n', 'text/plain');

    expect(clicked).toEqual({ name: 'leads.csv', href: 'blob:file', inDocument: true });
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(blobs[0]!.type).toBe('text/plain');
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:file');
    vi.useRealTimers();
    expect(await blobs[0]!.text()).toBe('a,b\r\n');
  });
});
