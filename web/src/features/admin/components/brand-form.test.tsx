import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrandForm } from './brand-form';

describe('BrandForm', () => {
  it('refuses a colour, a plain-http logo and a bad address as the server does, before any call', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<BrandForm idPrefix="b" brand={{}} onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Primary colour'), 'blue');
    await userEvent.type(screen.getByLabelText('Logo URL'), 'http://cdn.example/l.png');
    await userEvent.type(screen.getByLabelText('Sender address'), 'nope');
    await userEvent.type(screen.getByLabelText('Portal host name'), 'https://leads.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText('A hex colour such as #1f6feb.')).toBeInTheDocument();
    expect(screen.getByText('An https:// URL.')).toBeInTheDocument();
    expect(screen.getByText('One email address, such as leads@agency.example.')).toBeInTheDocument();
    expect(screen.getByText(/A host name such as/)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends every field and places the server’s field errors', async () => {
    const { ApiError } = await import('@/lib/admin/api-client');
    const onSave = vi.fn(async () => {
      throw new ApiError(400, 'invalid input', { 'settings.brand.replyTo': 'must be one email address' });
    });
    render(<BrandForm idPrefix="b" brand={{ name: 'Northwind' }} errorPrefix="settings.brand." onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Primary colour'), '#0A7D52');
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText('must be one email address')).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'Northwind', primaryColor: '#0A7D52', portalHost: '' }));
  });
});

describe('BrandForm logo upload', () => {
  const user = () => userEvent.setup({ applyAccept: false });
  const png = (size = 100) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });

  it('refuses an SVG and an image over 512 KB before any call', async () => {
    const onUpload = vi.fn();
    render(<BrandForm idPrefix="b" brand={{}} onSave={vi.fn()} onUpload={onUpload} />);
    const input = screen.getByLabelText('Upload a logo');
    await user().upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('A PNG, JPEG or WebP image (SVG is not accepted).')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user().upload(input, png(512 * 1024 + 1));
    expect(await screen.findByText('At most 512 KB.')).toBeInTheDocument();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('uploads a PNG and shows its URL as the logo URL', async () => {
    const url = 'http://localhost:8080/api/brand/logos/0a1b.png';
    const onUpload = vi.fn(async () => ({ logoUrl: url, contentType: 'image/png', size: 100, brand: { logoUrl: url } }));
    const onSave = vi.fn(async () => undefined);
    render(<BrandForm idPrefix="b" brand={{}} onSave={onSave} onUpload={onUpload} />);
    const file = png();
    await user().upload(screen.getByLabelText('Upload a logo'), file);
    expect(onUpload).toHaveBeenCalledWith(file);
    expect(await screen.findByDisplayValue(url)).toBe(screen.getByLabelText('Logo URL'));
    // The uploaded logo's URL passes the form's check even over http (development).
    await userEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ logoUrl: url }));
  });

  it('shows the server’s field error for the file', async () => {
    const { ApiError } = await import('@/lib/admin/api-client');
    const onUpload = vi.fn(async () => {
      throw new ApiError(400, 'invalid input', { file: 'must be a PNG, JPEG or WebP image' });
    });
    render(<BrandForm idPrefix="b" brand={{}} onSave={vi.fn()} onUpload={onUpload} />);
    await user().upload(screen.getByLabelText('Upload a logo'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('must be a PNG, JPEG or WebP image');
  });

  it('sends the file as multipart/form-data with the CSRF token', async () => {
    const { setCsrfToken } = await import('@/lib/admin/api-client');
    const { uploadBrandLogo } = await import('../api/upload-brand-logo');
    const answer = { logoUrl: 'https://sp.example/api/brand/logos/x.png', contentType: 'image/png', size: 100, brand: {} };
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(answer), { status: 200 }));
    setCsrfToken('tok');
    try {
      const file = png();
      await expect(uploadBrandLogo(file)).resolves.toEqual(answer);
      const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(path).toBe('/api/admin/brand/logo');
      expect(init.body).toBeInstanceOf(FormData);
      expect((init.body as FormData).get('file')).toBe(file);
      expect(init.headers).toEqual({ Accept: 'application/json', 'X-CSRF-Token': 'tok' });
    } finally {
      setCsrfToken(null);
      fetchMock.mockRestore();
    }
  });
});
