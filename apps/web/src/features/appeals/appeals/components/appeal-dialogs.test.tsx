// The appellate officer's dialogs: Record hearing sends the note; Give order asks for an outcome, needs the directed
// date when allowing a late case and sends it, sends no date on a dismissal, and words the server's "already ordered".
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Appeal } from '@portal/contract';
import { AppProviders } from '../../../../app/providers';
import { jsonResponse, signedInAs, stubFetch } from '../../../../test/render-app';
import { HearingDialog, OrderDialog } from './appeal-dialogs';

const APPEAL: Appeal = {
  id: 'a1000000-0000-4000-8000-000000000001',
  appeal_number: 'APL-2026-000007',
  application_id: 'c0000000-0000-4000-8000-000000000001',
  application_number: 'APP-2026-000001',
  organization_name: 'Krishna Castings',
  ground: 'late',
  stage_status: 'under_scrutiny',
  statement: 'Scrutiny has waited well past its date.',
  status: 'filed',
  filed_at: '2026-05-04T05:00:00.000Z',
  due_on: '2026-06-15',
  overdue: false,
  hearing_note: null,
  heard_at: null,
  order_text: null,
  directed_due_on: null,
  decided_at: null,
  decided_by_name: null,
};

function setup(ui: React.ReactNode, onPost: (url: string, body: unknown) => Response) {
  signedInAs('ho');
  const fetchMock = stubFetch((url, init) =>
    init.method === 'POST'
      ? onPost(url, JSON.parse(String(init.body)))
      : jsonResponse(404, { detail: 'Not found', code: 'not_found' }),
  );
  render(<AppProviders>{ui}</AppProviders>);
  return { fetchMock, user: userEvent.setup() };
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the appellate officer’s dialogs', () => {
  it('records the hearing note', async () => {
    const { fetchMock, user } = setup(<HearingDialog appeal={APPEAL} />, () =>
      jsonResponse(200, { ...APPEAL, hearing_note: 'Heard both sides.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Record hearing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the hearing of APL-2026-000007' });
    await user.click(within(dialog).getByRole('button', { name: 'Record hearing' }));
    expect(await within(dialog).findAllByText('Write the hearing note.')).not.toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Hearing note/), 'Heard both sides.');
    await user.click(within(dialog).getByRole('button', { name: 'Record hearing' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]![0]).toBe(`/api/appeals/${APPEAL.id}/hearing`);
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({ hearing_note: 'Heard both sides.' });
  });

  it('allows a late case only with the directed date, says what follows, and sends it', async () => {
    const { fetchMock, user } = setup(<OrderDialog appeal={APPEAL} />, () =>
      jsonResponse(200, { ...APPEAL, status: 'allowed' }),
    );
    await user.click(screen.getByRole('button', { name: 'Give order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order on APL-2026-000007' });
    await user.click(within(dialog).getByRole('button', { name: 'Give order' }));
    expect(await within(dialog).findAllByText('Choose whether to dismiss or allow the appeal.')).not.toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: /Allow the appeal/ }));
    expect(dialog).toHaveTextContent('will be due by the date you give');
    await user.type(within(dialog).getByLabelText(/Directions/), 'Finish scrutiny by the date below.');
    await user.click(within(dialog).getByRole('button', { name: 'Give order' }));
    expect(await within(dialog).findAllByText('Give the date by which the stage must be decided.')).not.toHaveLength(0);
    expect(posts(fetchMock)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Decide by/), '29/05/2099');
    await user.click(within(dialog).getByRole('button', { name: 'Give order' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({
      outcome: 'allowed',
      order_text: 'Finish scrutiny by the date below.',
      directed_due_on: '2099-05-29',
    });
  });

  it('dismisses with reasons and no date, and words a second order refused', async () => {
    const { fetchMock, user } = setup(<OrderDialog appeal={APPEAL} />, () =>
      jsonResponse(409, { detail: 'This appeal already has its order', code: 'appeal_state' }),
    );
    await user.click(screen.getByRole('button', { name: 'Give order' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /Dismiss the appeal/ }));
    expect(within(dialog).queryByLabelText(/Decide by/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reasons/), 'The delay is explained by the site inspection.');
    await user.click(within(dialog).getByRole('button', { name: 'Give order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This appeal already has its order');
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({
      outcome: 'dismissed',
      order_text: 'The delay is explained by the site inspection.',
    });
  });
});
