import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PortalShell } from './portal-shell';

describe('PortalShell header', () => {
  it("shows the agency's name, logo and colour and never the product's name", () => {
    document.title = 'Your leads';
    const { container } = render(
      <PortalShell
        title="Your leads"
        brand={{ name: 'Northwind Leads', logoUrl: 'https://cdn.northwind.example/logo.png', primaryColor: '#0a7d52' }}
      >
        <p>inbox</p>
      </PortalShell>,
    );
    const brand = screen.getByTestId('portal-brand');
    expect(brand).toHaveTextContent('Northwind Leads');
    expect(brand.querySelector('img')).toHaveAttribute('src', 'https://cdn.northwind.example/logo.png');
    expect(screen.getByText('Northwind Leads')).toHaveStyle({ color: '#0a7d52' });
    expect(container.textContent).not.toContain('Signalpipe');
    expect(container.innerHTML).not.toContain('Signalpipe');
    expect(document.title).toBe('Your leads | Northwind Leads');
  });

  it('keeps the product mark when no brand is set (the defaults)', () => {
    render(
      <PortalShell title="Your leads" brand={{ name: 'Signalpipe', logoUrl: '', primaryColor: '' }}>
        <p>inbox</p>
      </PortalShell>,
    );
    expect(screen.getByRole('link', { name: 'Signalpipe home' })).toHaveTextContent('Signalpipe');
    expect(screen.queryByTestId('portal-brand')).toBeNull();
    expect(document.title).toBe('Your leads | Signalpipe');
  });
});

describe('the portal tab title before the brand is known', () => {
  it('shows neither the product nor a mark while loading, then the brand once it comes', () => {
    document.title = 'Your leads';
    const { container, rerender } = render(
      <PortalShell title="Your leads">
        <p>Checking your session…</p>
      </PortalShell>,
    );
    expect(document.title).toBe('Your leads');
    expect(container.innerHTML).not.toContain('Signalpipe');
    expect(screen.getByTestId('portal-brand-pending')).toBeInTheDocument();
    rerender(
      <PortalShell title="Your leads" brand={{ name: 'Northwind Leads', logoUrl: '', primaryColor: '' }}>
        <p>inbox</p>
      </PortalShell>,
    );
    expect(document.title).toBe('Your leads | Northwind Leads');
  });
});
