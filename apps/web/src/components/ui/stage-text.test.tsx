// The stage in the reader's words: a code the portal set through the catalogue, an officer's words as typed.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Application } from '@portal/contract';
import { changeLanguage } from '../../lib/i18n';
import { StageText } from './stage-text';

type Staged = Pick<Application, 'stage' | 'current_stage'>;

const pendingCommittee: Staged = {
  current_stage: 'Pending committee',
  stage: { code: 'status', params: { status: 'pending_committee' } },
};
const deferred: Staged = {
  current_stage: 'Deferred: Site visit first',
  stage: { code: 'committee_deferred', params: { note: 'Site visit first' } },
};
const approved: Staged = { current_stage: 'pending allotment', stage: { code: 'committee_approved', params: {} } };
const typed: Staged = { current_stage: 'Waiting for the site report', stage: null };

function shown(application: Staged): string {
  const { container, unmount } = render(
    <p data-testid="stage">
      <StageText application={application} />
    </p>,
  );
  const text = container.textContent ?? '';
  unmount();
  return text;
}

describe('StageText', () => {
  it('words a stage the portal set in Telugu, and keeps an officer’s words as typed', async () => {
    await changeLanguage('te');
    expect(shown(pendingCommittee)).toBe('కమిటీ వద్ద పెండింగ్');
    expect(shown(deferred)).toBe('కమిటీ వాయిదా వేసింది: Site visit first');
    expect(shown(approved)).toBe('కేటాయింపు పెండింగ్');
    expect(shown(typed)).toBe('Waiting for the site report');
  });

  it('words it in Hindi', async () => {
    await changeLanguage('hi');
    expect(shown(pendingCommittee)).toBe('समिति के पास लंबित');
    expect(
      shown({ current_stage: 'Submitted for scrutiny', stage: { code: 'status', params: { status: 'submitted' } } }),
    ).toBe('जाँच के लिए जमा किया गया');
  });

  it('words it in English as the catalogue has it', () => {
    render(<StageText application={deferred} />);
    expect(screen.getByText('Deferred by the committee: Site visit first')).toBeInTheDocument();
  });
});
