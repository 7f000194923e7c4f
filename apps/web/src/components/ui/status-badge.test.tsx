// A status badge: an application status's badge, where asked, carries an accessible link to the status's entry in
// the help, without changing the badge's own text; other statuses and badges inside links carry none. The
// applicant's Right now card links to the same entry.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { rightNow } from '@portal/contract';
import { RightNowCard } from '../../features/applications/applications/components/right-now-card';
import { StatusBadge } from './status-badge';

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return render(<RouterProvider router={router} />);
}

describe('status badge', () => {
  it('links an application status to its help entry, the badge still found by its text', () => {
    renderAt(<StatusBadge status="under_scrutiny" helpLink />);
    expect(screen.getByText('UNDER SCRUTINY')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'What does UNDER SCRUTINY mean?' })).toHaveAttribute(
      'href',
      '/help#status-under_scrutiny',
    );
  });

  it('carries no link unless asked, nor for a status that is not an application status', () => {
    renderAt(
      <>
        <StatusBadge status="under_scrutiny" />
        <StatusBadge status="paid" helpLink />
      </>,
    );
    expect(screen.getByText('UNDER SCRUTINY')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("the applicant's Right now card links to what the application's status means", () => {
    const now = rightNow({ viewer: 'applicant', application: { status: 'pending_payment' } });
    renderAt(
      <RightNowCard
        now={now}
        status="pending_payment"
        onAction={() => undefined}
        available={{ pay: false, upload_documents: false, answer_query: false, upload_lease_deed: false }}
      />,
    );
    expect(screen.getByRole('link', { name: 'What does PENDING PAYMENT mean?' })).toHaveAttribute(
      'href',
      '/help#status-pending_payment',
    );
  });
});
