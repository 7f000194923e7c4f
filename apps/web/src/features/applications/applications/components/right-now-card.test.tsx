// The Right now card of a scheme's application: before the close it names the close that decides and promises no
// date after it; once rejected by a rule or a person (or withdrawn), it says why, in the reader's language.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, rightNow, type RightNowInput } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { RightNowCard } from './right-now-card';

const NONE = { pay: false, upload_documents: false, answer_query: false, upload_lease_deed: false };

function renderCard(input: RightNowInput) {
  const now = rightNow(input);
  const router = createMemoryRouter(
    [{ path: '/', element: <RightNowCard now={now} onAction={() => undefined} available={NONE} /> }],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

const CLOSES = '2026-12-01T08:30:00.000Z';
const inScheme = (status: RightNowInput['application']['status'], extra: Partial<RightNowInput> = {}) => ({
  viewer: 'applicant' as const,
  application: { status, waiting_on: 'zonal_manager' as const, stage_due_on: '2026-12-09', scheme_id: 'scheme' },
  openQueries: [],
  unpaidInvoices: [],
  checklist: [],
  schemeClosesAt: CLOSES,
  ...extra,
});

describe('Right now in a scheme', () => {
  it('names the close that decides, and never a date after it', () => {
    renderCard(inScheme('under_scrutiny'));
    expect(screen.getByTestId('right-now-scheme-close')).toHaveTextContent(
      `must be approved, with its deposits paid, by the scheme's close on ${formatDateTime(CLOSES)}. If it is not, it is not qualified: it is rejected at the close and its EMD is refunded.`,
    );
    expect(screen.getByText(`We aim to finish this step by ${formatDate('2026-12-01')}.`)).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(formatDate('2026-12-09')))).not.toBeInTheDocument();
  });

  it('says why a rejected application ended: not qualified at the close, or the committee with its remarks', async () => {
    const view = renderCard(
      inScheme('rejected', {
        closingReason: { code: 'scheme_not_qualified', params: { scheme_number: 'SCH-2026-000001' } },
      }),
    );
    expect(screen.getByTestId('right-now-reason')).toHaveTextContent(
      "Why: Not qualified in scheme SCH-2026-000001: it was not approved, with its deposits paid, by the scheme's close. Its EMD is due back to you.",
    );
    view.unmount();
    renderCard(
      inScheme('rejected', { closingReason: { code: 'committee_rejected', params: { note: 'No land title' } } }),
    );
    expect(screen.getByTestId('right-now-reason')).toHaveTextContent('Why: The committee rejected it: No land title');
  });

  it('says why in Telugu', async () => {
    await changeLanguage('te');
    try {
      renderCard(
        inScheme('rejected', {
          closingReason: { code: 'scheme_lost', params: { scheme_number: 'SCH-2026-000001', rank: 2 } },
        }),
      );
      expect(screen.getByTestId('right-now-reason')).toHaveTextContent(
        'కారణం: పథకం SCH-2026-000001 ప్లాట్‌ను మరొక దరఖాస్తుకు ఇచ్చింది.',
      );
    } finally {
      await changeLanguage('en');
    }
  });
});
