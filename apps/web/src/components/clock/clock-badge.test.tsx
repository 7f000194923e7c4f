// The clock badge: the words and colour of each state (overdue by days, due today, due soon, due later, paused, no
// clock), counted against the business day it is given.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClockBadge, DaysInStage, EscalatedBadge } from './clock-badge';

// A Wednesday.
const TODAY = '2026-12-02';
const clock = (
  stage_due_on: string | null,
  overrides: { overdue?: boolean; clock_paused?: boolean; waiting_on?: 'entrepreneur' | 'zonal_manager' } = {},
) => ({
  stage_due_on,
  overdue: false,
  clock_paused: false,
  ...overrides,
});

describe('clock badge', () => {
  it.each([
    ['Overdue by 3 days', 'overdue', clock('2026-11-29', { overdue: true })],
    ['Overdue by 1 day', 'overdue', clock('2026-12-01', { overdue: true })],
    ['Due today', 'soon', clock(TODAY)],
    // Friday is two working days on: soon.
    ['Due 4 Dec 2026', 'soon', clock('2026-12-04')],
    // The Monday after is three: later.
    ['Due 7 Dec 2026', 'later', clock('2026-12-07')],
    ['Paused: waiting on the applicant', 'paused', clock('2026-11-20', { clock_paused: true })],
    [
      'Paused: waiting on the applicant',
      'paused',
      clock('2026-11-20', { clock_paused: true, waiting_on: 'entrepreneur' }),
    ],
    [
      'Paused: a query lapsed unanswered',
      'paused',
      clock('2026-11-20', { clock_paused: true, waiting_on: 'zonal_manager' }),
    ],
    ['No due date', 'none', clock(null)],
  ])('says %s (%s)', (words, state, value) => {
    render(<ClockBadge clock={value} today={TODAY} />);
    expect(screen.getByText(words)).toHaveAttribute('data-clock', state);
  });

  it('says whom a late stage was escalated to, and nothing when it was not', () => {
    const { rerender, container } = render(<EscalatedBadge to="ho" />);
    expect(screen.getByText('Escalated to head office')).toHaveAttribute('data-escalated', 'ho');
    rerender(<EscalatedBadge to="admin" />);
    expect(screen.getByText('Escalated to the administrators')).toBeInTheDocument();
    rerender(<EscalatedBadge to={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<EscalatedBadge to={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('counts the days in the stage in working days', () => {
    const { rerender } = render(<DaysInStage days={1} />);
    expect(screen.getByText('1 working day')).toBeInTheDocument();
    rerender(<DaysInStage days={12} />);
    expect(screen.getByText('12 working days')).toBeInTheDocument();
  });
});
