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

  it("takes a CRM channel's token and its own mapping fields instead of a target", async () => {
    const onSubmit = vi.fn();
    render(
      <ChannelForm
        kinds={['webhook', 'hubspot', 'pipedrive']}
        targetLabel={() => 'URL'}
        targetId="t"
        pending={false}
        onSubmit={onSubmit}
        variant="inline"
      />,
    );
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'hubspot');
    expect(screen.queryByLabelText('URL')).toBeNull();
    expect(screen.queryByLabelText('Cadence')).toBeNull();
    expect(screen.queryByLabelText('Lead label')).toBeNull();
    await userEvent.type(screen.getByLabelText('Owner id'), 'Dana');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('Paste the API token (no spaces)')).toBeInTheDocument();
    expect(screen.getByText("The CRM user's numeric id")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Owner id'));
    await userEvent.type(screen.getByLabelText('Owner id'), '77');
    await userEvent.type(screen.getByLabelText('Score property'), 'sp_score');
    await userEvent.click(screen.getByLabelText('Create a task for the owner'));
    await userEvent.type(screen.getByLabelText('Private app access token'), 'pat-na1-x');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      kind: 'hubspot',
      token: 'pat-na1-x',
      mapping: { ownerId: '77', scoreProperty: 'sp_score', task: true },
    });
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'pipedrive');
    expect(screen.getByLabelText('Lead label')).toBeInTheDocument();
    expect(screen.queryByLabelText('Score property')).toBeNull();
  });
});
