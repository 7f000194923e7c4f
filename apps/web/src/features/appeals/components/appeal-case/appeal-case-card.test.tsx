// The applicant's appeal card: nothing when there is nothing to appeal or show; the File an appeal dialog's required
// statement, its call and the server's refusal worded; an appeal's order shown on the case.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Appeal, ApplicationAppeals } from '@portal/contract';
import { AppProviders } from '../../../../app/providers';
import { jsonResponse, signedInAs, stubFetch } from '../../../../test/render-app';
import { AppealCaseCard } from './appeal-case-card';

const APPLICATION_ID = 'c0000000-0000-4000-8000-000000000001';

const APPEAL: Appeal = {
  id: 'a1000000-0000-4000-8000-000000000001',
  appeal_number: 'APL-2026-000007',
  application_id: APPLICATION_ID,
  application_number: 'APP-2026-000001',
  organization_name: 'Krishna Castings',
  ground: 'late',
  stage_status: 'under_scrutiny',
  statement: 'Scrutiny has waited well past its date.',
  status: 'allowed',
  filed_at: '2026-05-04T05:00:00.000Z',
  due_on: '2026-06-15',
  overdue: false,
  hearing_note: null,
  heard_at: null,
  order_text: 'Scrutiny is to be finished by the directed date.',
  directed_due_on: '2026-05-29',
  decided_at: '2026-05-11T05:00:00.000Z',
  decided_by_name: 'Head Office',
};

const answer = (body: Partial<ApplicationAppeals>): ApplicationAppeals => ({
  can_appeal: false,
  ground: null,
  stage_status: null,
  refusal: 'not_appealable',
  appeals: [],
  ...body,
});

function renderCard(state: ApplicationAppeals, onPost?: (body: unknown) => Response) {
  signedInAs('entrepreneur');
  const fetchMock = stubFetch((url, init) => {
    if (url === `/api/applications/${APPLICATION_ID}/appeals` && init.method === 'POST')
      return onPost ? onPost(JSON.parse(String(init.body))) : jsonResponse(201, APPEAL);
    if (url === `/api/applications/${APPLICATION_ID}/appeals`) return jsonResponse(200, state);
    return jsonResponse(404, { detail: 'Not found', code: 'not_found' });
  });
  const view = render(
    <AppProviders>
      <AppealCaseCard applicationId={APPLICATION_ID} applicationNumber="APP-2026-000001" />
    </AppProviders>,
  );
  return { fetchMock, ...view };
}

describe('AppealCaseCard', () => {
  it('shows nothing on a case that may not be appealed and has no appeal', async () => {
    const { fetchMock, container } = renderCard(answer({}));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });

  it('files an appeal on a late case: the statement is required, then sent', async () => {
    const { fetchMock } = renderCard(
      answer({ can_appeal: true, ground: 'late', stage_status: 'under_scrutiny', refusal: null }),
    );
    const card = await screen.findByRole('region', { name: 'Appeal to the head office' });
    expect(card).toHaveTextContent('past its service date');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'File an appeal' }));
    const dialog = await screen.findByRole('dialog', { name: 'File an appeal on APP-2026-000001' });
    expect(dialog).toHaveTextContent('The head office will be told at once.');
    await user.click(within(dialog).getByRole('button', { name: 'File appeal' }));
    expect(await within(dialog).findAllByText('Write your statement.')).not.toHaveLength(0);
    const field = within(dialog).getByLabelText(/Your statement/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(field, 'The scrutiny has waited three weeks past its date.');
    await user.click(within(dialog).getByRole('button', { name: 'File appeal' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      statement: 'The scrutiny has waited three weeks past its date.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("words the server's refusal of a second open appeal in the dialog", async () => {
    renderCard(answer({ can_appeal: true, ground: 'rejected', stage_status: 'pending_committee', refusal: null }), () =>
      jsonResponse(409, { detail: 'An appeal on this application is already waiting', code: 'appeal_open' }),
    );
    const card = await screen.findByRole('region', { name: 'Appeal to the head office' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'File an appeal' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByLabelText(/Your statement/),
      'The rejection ignored the revised project report.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'File appeal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "An appeal on this application is already waiting for the head office's order.",
    );
  });

  it('shows an appeal with its order and directed date, and no new appeal', async () => {
    renderCard(answer({ refusal: 'not_appealable', appeals: [APPEAL] }));
    const card = await screen.findByRole('region', { name: 'Appeal to the head office' });
    const item = within(card).getByRole('listitem');
    expect(item).toHaveTextContent('APL-2026-000007');
    expect(item).toHaveTextContent('Allowed');
    expect(item).toHaveTextContent('Scrutiny is to be finished by the directed date.');
    expect(item).toHaveTextContent('The officers are directed to decide by 29 May 2026.');
    expect(within(card).queryByRole('button', { name: 'File an appeal' })).not.toBeInTheDocument();
  });
});
