// A query's reply-by date on the Queries tab: the officer sees a lapsed query ("Lapsed on <date>") and extends its
// date once in a dialog (the date field's checks, the server's refusal in words); the applicant sees the reply-by date
// with how many days are left, a lapsed query without an answer box, and a late answer's refusal in their language.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addCalendarDays, addWorkingDays, businessToday, toInputDate } from '@portal/contract';
import { changeLanguage } from '../../../../lib/i18n';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import { ASSET, PROFILE, application as applicantApplication, query as applicantQuery } from '../test/fixtures';
import { APP_ID, application, document, fakeApi, query, type FakeState } from '../test/officer-fixtures';

const LAPSED = {
  respond_by: '2026-11-20',
  lapsed: true,
  lapsed_at: '2026-11-21T00:05:00.000Z',
  raised_at: '2026-11-13T10:00:00.000Z',
} as const;

async function openAsOfficer(role: 'zonal_manager' | 'legal', state: FakeState) {
  signedInAs(role);
  const api = fakeApi(state);
  stubFetch(api.handler);
  renderApp(`/officer/applications/${APP_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Application APP-2026-000042' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Queries' }));
  const list = await screen.findByRole('list', { name: 'Queries' });
  return { user, writes: api.writes, list };
}

/** The three required documents, verified: the case waits on nothing but the query. */
const VERIFIED = [
  document('d1000000-0000-4000-8000-000000000011', 'verified', 'dpr'),
  document('d1000000-0000-4000-8000-000000000012', 'verified', 'pan_card'),
  document('d1000000-0000-4000-8000-000000000013', 'verified', 'bank_proof'),
];

afterEach(async () => {
  await changeLanguage('en');
});

// Whole pages with many steps each: more than the default 5 s on a loaded machine.
describe('a lapsed query, as the officer sees it', { timeout: 20_000 }, () => {
  it('says it lapsed and what may follow, and extends its date in a dialog that checks the date', async () => {
    const lapsed = query(LAPSED);
    const { user, writes, list } = await openAsOfficer('zonal_manager', {
      application: application('under_scrutiny', { clock_paused: true, waiting_on: 'zonal_manager' }),
      documents: VERIFIED,
      queries: [lapsed],
    });
    const card = screen.getByRole('region', { name: 'Right now' });
    expect(
      await within(card).findByText(
        'The applicant did not answer a query by its reply-by date, so it has lapsed. Reject the application with a reason, or extend the reply-by date once on the Queries tab.',
      ),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('Waiting on:Zonal manager');
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Lapsed');
    expect(item).toHaveTextContent('Reply by 20 Nov 2026');
    expect(item).toHaveTextContent('Lapsed on 21 Nov 2026');

    await user.click(
      within(item).getByRole('button', { name: 'Extend reply-by date of the query raised on 13 Nov 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Extend the reply-by date' });
    expect(dialog).toHaveTextContent(
      'The applicant will be told of the new date and may answer the query again until then. This can be done only once.',
    );
    const date = within(dialog).getByLabelText('New reply-by date');
    expect(date).toHaveValue(toInputDate(addWorkingDays(businessToday(), 7)));
    expect(date).toHaveAccessibleDescription(
      'A day after today. The date can be extended only once. Day, month and year, for example 27/03/2026.',
    );

    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Extend Date' }));
    // In the error summary and beside the field.
    expect(within(dialog).getAllByText('Enter the new reply-by date')).toHaveLength(2);
    await user.type(date, toInputDate(businessToday()));
    await user.click(within(dialog).getByRole('button', { name: 'Extend Date' }));
    expect(within(dialog).getAllByText('The new reply-by date must be after today')).toHaveLength(2);
    expect(writes).toEqual([]);

    const tomorrow = addCalendarDays(businessToday(), 1);
    await user.clear(date);
    await user.type(date, toInputDate(tomorrow));
    await user.click(within(dialog).getByRole('button', { name: 'Extend Date' }));
    expect(await screen.findByText('Reply-by date extended; the applicant has been told')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'POST', path: `/queries/${lapsed.id}/extend`, query: '', body: { respond_by: tomorrow } },
    ]);
  });

  it("shows the server's refusal in the dialog, in words, and keeps it open", async () => {
    const lapsed = query(LAPSED);
    const { user, list } = await openAsOfficer('zonal_manager', {
      application: application('under_scrutiny', { clock_paused: true }),
      queries: [lapsed],
      writes: {
        [`POST /queries/${lapsed.id}/extend`]: {
          status: 409,
          body: {
            code: 'wrong_state',
            reason: 'query_already_extended',
            params: {},
            detail: 'The reply-by date of this query has been extended once already',
          },
        },
      },
    });
    await user.click(within(list).getByRole('button', { name: /^Extend reply-by date/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend the reply-by date' });
    await user.click(within(dialog).getByRole('button', { name: 'Extend Date' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The reply-by date of this query has been extended once already; it cannot be extended again.',
    );
    expect(screen.getByRole('dialog', { name: 'Extend the reply-by date' })).toBeInTheDocument();
  });

  it('offers no second extension of a query extended before', async () => {
    const extended = query({ ...LAPSED, extended: true, original_respond_by: '2026-11-10' });
    const { list } = await openAsOfficer('zonal_manager', {
      application: application('under_scrutiny', { clock_paused: true }),
      queries: [extended],
    });
    expect(within(list).getByRole('listitem')).toHaveTextContent('The reply-by date was extended from 10 Nov 2026.');
    expect(within(list).queryByRole('button', { name: /^Extend/ })).not.toBeInTheDocument();
  });

  it('gives legal no extension', async () => {
    const { list } = await openAsOfficer('legal', {
      application: application('under_scrutiny', { clock_paused: true }),
      queries: [query(LAPSED)],
    });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Lapsed on 21 Nov 2026');
    expect(within(list).queryByRole('button', { name: /^Extend/ })).not.toBeInTheDocument();
  });
});

describe('the reply-by date, as the applicant sees it', { timeout: 20_000 }, () => {
  const scrutiny = applicantApplication({ status: 'under_scrutiny', waiting_on: 'entrepreneur', clock_paused: true });

  async function openAsApplicant(queries: unknown[], answer?: () => Response, tab = 'Queries') {
    signedInAs('entrepreneur');
    stubFetch((url, init) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      if (key === `GET /api/applications/${scrutiny.id}`) return jsonResponse(200, scrutiny);
      if (key === `GET /api/assets/${ASSET.id}`) return jsonResponse(200, ASSET);
      if (key === 'GET /api/applicants/me') return jsonResponse(200, PROFILE);
      if (key === `GET /api/applications/${scrutiny.id}/queries`) return jsonResponse(200, queries);
      if (key.startsWith('POST /api/queries/') && answer) return answer();
      return jsonResponse(200, []);
    });
    renderApp(`/applications/${scrutiny.id}`);
    await screen.findByRole('heading', { level: 1, name: scrutiny.application_number });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: tab }));
    return { user, panel: await screen.findByRole('tabpanel', { name: tab }) };
  }

  it('shows the reply-by date with the days left', async () => {
    const respondBy = addCalendarDays(businessToday(), 3);
    const { panel } = await openAsApplicant([applicantQuery(scrutiny.id, { respond_by: respondBy })]);
    expect(await within(panel).findByText(/^Please reply by/)).toHaveTextContent('(Due in 3 days)');
  });

  it('shows a lapsed query as lapsed, with no answer box', async () => {
    const { panel } = await openAsApplicant([applicantQuery(scrutiny.id, LAPSED)]);
    expect(await within(panel).findByText('LAPSED')).toBeInTheDocument();
    expect(panel).toHaveTextContent(
      'The date to reply passed on 21 Nov 2026 without an answer, so this query has lapsed.',
    );
    expect(within(panel).queryByLabelText('Your answer')).not.toBeInTheDocument();
  });

  it("words a late answer's refusal in the applicant's language", async () => {
    await changeLanguage('hi');
    const open = applicantQuery(scrutiny.id, { respond_by: businessToday() });
    const { user, panel } = await openAsApplicant(
      [open],
      () =>
        jsonResponse(409, {
          code: 'wrong_state',
          reason: 'query_lapsed',
          params: {},
          detail: 'The reply-by date of this query has passed, so it can no longer be answered.',
        }),
      'प्रश्न',
    );
    expect(await within(panel).findByText(/आज देय/)).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('आपका उत्तर'), 'The certificate is attached.');
    await user.click(within(panel).getByRole('button', { name: 'उत्तर भेजें' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'इस प्रश्न की उत्तर-तिथि बीत चुकी है, इसलिए अब इसका उत्तर नहीं दिया जा सकता।',
    );
  });
});
