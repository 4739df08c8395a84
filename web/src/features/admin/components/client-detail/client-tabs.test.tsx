import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientTabs } from './client-tabs';

const panels = {
  overview: <p>overview panel</p>,
  review: <p>review panel</p>,
  inbox: <p>inbox panel</p>,
  accounts: <p>accounts panel</p>,
  agents: <p>agents panel</p>,
  delivery: <p>delivery panel</p>,
  report: <p>report panel</p>,
  settings: <p>settings panel</p>,
};

const shown = () => screen.getByRole('tab', { selected: true }).textContent;

describe('ClientTabs', () => {
  beforeEach(() => window.history.replaceState(null, '', '/admin?client=c1'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('has the seven tabs, the overview first', () => {
    render(<ClientTabs panels={panels} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Review queue',
      'Inbox',
      'Accounts',
      'Agents',
      'Delivery',
      'Report',
      'Settings',
    ]);
    expect(shown()).toBe('Overview');
    expect(screen.getByText('overview panel')).toBeVisible();
    expect(screen.getByText('inbox panel')).not.toBeVisible();
  });

  it('gives each tab its own address, pushed to the history, so back and forward move between tabs', async () => {
    render(<ClientTabs panels={panels} />);
    const before = window.history.length;
    await userEvent.click(screen.getByRole('tab', { name: 'Inbox' }));
    expect(window.location.search).toBe('?client=c1&tab=inbox');
    expect(screen.getByText('inbox panel')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Delivery' }));
    expect(window.location.search).toBe('?client=c1&tab=delivery');
    expect(window.history.length).toBe(before + 2);

    // Back: the address goes back to ?tab=inbox and the popstate shows that tab.
    act(() => {
      window.history.replaceState(null, '', '/admin?client=c1&tab=inbox');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(shown()).toBe('Inbox');
    // The overview is the address without a tab.
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(window.location.search).toBe('?client=c1');
  });

  it('opens on the tab the address names (a reload), and on the overview for an unknown one', () => {
    window.history.replaceState(null, '', '/admin?client=c1&tab=agents');
    const { unmount } = render(<ClientTabs panels={panels} />);
    expect(shown()).toBe('Agents');
    expect(screen.getByText('agents panel')).toBeVisible();
    unmount();
    window.history.replaceState(null, '', '/admin?client=c1&tab=nope');
    render(<ClientTabs panels={panels} />);
    expect(shown()).toBe('Overview');
  });

  it('lets the tabs wrap on a phone instead of widening the page', () => {
    render(<ClientTabs panels={panels} />);
    expect(screen.getByRole('tablist').className).toContain('flex-wrap');
  });
});
