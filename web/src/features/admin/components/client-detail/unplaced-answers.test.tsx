import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UnplacedAnswers } from './unplaced-answers';
import type { Client } from '../../api/client-schema';

const client = (settings: Record<string, unknown>) => ({ id: 'c1', name: 'Flagly', settings }) as unknown as Client;

describe('UnplacedAnswers', () => {
  it('lists what onboarding could not place', () => {
    render(<UnplacedAnswers client={client({ unplaced: ['Primary industry: We sell to companies that ship daily.'] })} />);
    expect(screen.getByRole('heading', { name: 'Onboarding answers not placed in the ICP' })).toBeInTheDocument();
    expect(screen.getByText('Primary industry: We sell to companies that ship daily.')).toBeInTheDocument();
  });

  it('shows nothing when everything was placed', () => {
    const { container } = render(<UnplacedAnswers client={client({})} />);
    expect(container).toBeEmptyDOMElement();
  });
});
