import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChannelForm } from './channel-form';

describe('ChannelForm', () => {
  it('offers the given kinds, labels the target by kind, checks it, and sends the values', async () => {
    const onSubmit = vi.fn((_v: unknown, reset: () => void) => reset());
    render(
      <ChannelForm
        kinds={['slack', 'webhook']}
        targetLabel={(k) => (k === 'slack' ? 'Slack webhook URL' : 'Webhook URL')}
        targetId="t"
        pending={false}
        onSubmit={onSubmit}
        variant="card"
      />,
    );
    expect(screen.getAllByRole('option', { name: /Slack|Webhook|Email/ }).map((o) => o.textContent)).toEqual(['Slack', 'Webhook']);
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'webhook');
    const target = screen.getByLabelText('Webhook URL');
    await userEvent.type(target, 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('Enter an http or https URL')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(target);
    await userEvent.type(target, 'https://hooks.example/in');
    await userEvent.selectOptions(screen.getByLabelText('Cadence'), 'weekly');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ kind: 'webhook', target: 'https://hooks.example/in', cadence: 'weekly' });
    await waitFor(() => expect((screen.getByLabelText('Slack webhook URL') as HTMLInputElement).value).toBe(''));
  });
});
