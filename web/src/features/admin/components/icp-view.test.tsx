import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { IcpView } from './client-detail/icp-view';

describe('IcpView', () => {
  it('labels the fields as people read them and leaves out a switch that is off', () => {
    render(<IcpView icp={{ targetTitles: ['VP Sales', 'Founder'], useAIQueries: false, companySize: '11-200', salesRegion: 'EMEA' }} />);
    expect(screen.getByText('Target titles')).toBeInTheDocument();
    expect(screen.getByText('Company size')).toBeInTheDocument();
    expect(screen.getByText('Sales region')).toBeInTheDocument();
    expect(screen.queryByText(/AI-written queries|useAIQueries/)).not.toBeInTheDocument();
  });

  it('says when there is no ICP yet', () => {
    render(<IcpView icp={{ useAIQueries: false }} />);
    expect(screen.getByText('No ICP yet.')).toBeInTheDocument();
  });
});
