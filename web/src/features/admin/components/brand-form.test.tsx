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
