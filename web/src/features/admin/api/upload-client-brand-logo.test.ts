import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/admin/api-client';
import { uploadClientBrandLogo } from './upload-client-brand-logo';

afterEach(() => vi.restoreAllMocks());

describe('uploadClientBrandLogo', () => {
  it("posts the file to the client's logo call as multipart/form-data", async () => {
    const answer = { logoUrl: 'https://sp.example/api/brand/logos/ab.jpg', contentType: 'image/jpeg', size: 3, brand: { logoUrl: 'x' } };
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(answer), { status: 200 }));
    const file = new File([new Uint8Array(3)], 'logo.jpg', { type: 'image/jpeg' });
    await expect(uploadClientBrandLogo({ clientId: 'c 1', file })).resolves.toEqual(answer);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/admin/clients/c%201/brand/logo');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBe(file);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it("throws the server's field error", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: 'invalid input', fields: { file: 'must be at most 512 KB' } }), { status: 400 }),
    );
    const err = await uploadClientBrandLogo({ clientId: 'c1', file: new File(['x'], 'l.png', { type: 'image/png' }) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).fields.file).toBe('must be at most 512 KB');
  });
});
