// The single window's outbox (finance, admin): each push in words with its CAF, order, delivery, attempts and last
// error; the state filter reaching the request; Retry only on a failed push, after a confirmation; not for others.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SINGLE_WINDOW_PUSH_STATES, SINGLE_WINDOW_STATUS_CODES, type SingleWindowOutboxItem } from '@portal/contract';
import { pageResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';
import catalogue from '../i18n/en.json';

const FAILED: SingleWindowOutboxItem = {
  id: '71000000-0000-4000-8000-000000000001',
  caf_id: 'CAF-2026-100001',
  application_number: 'APP-2026-000042',
  sequence: 1,
  status_code: 'received',
  state: 'failed',
  attempts: 76,
  next_attempt_at: null,
  last_error: 'HTTP 503: down',
  created_at: '2026-11-20T10:15:00.000Z',
  sent_at: null,
};
const SENT: SingleWindowOutboxItem = {
  ...FAILED,
  id: '71000000-0000-4000-8000-000000000002',
  caf_id: 'CAF-2026-100002',
  status_code: 'query_raised',
  sequence: 4,
  state: 'sent',
  attempts: 1,
  last_error: null,
  sent_at: '2026-11-20T10:16:00.000Z',
};

function stubPushes() {
  let pushes = [FAILED, SENT];
  const fetchMock = stubFetch((url, init) => {
    if (url.startsWith('/api/single-window/outbox?')) return pageResponse(pushes, { total: pushes.length });
    if (init.method === 'POST' && url === `/api/single-window/outbox/${FAILED.id}/retry`) {
      pushes = pushes.map((push) => (push.id === FAILED.id ? { ...push, state: 'retrying', attempts: 0 } : push));
      return new Response(JSON.stringify(pushes[0]), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return pageResponse([]);
  });
  return {
    listCalls: () =>
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/single-window/outbox?')),
    posts: () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url)),
  };
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('single window outbox page', () => {
  it('has words for every status code and delivery state of the contract', () => {
    expect(Object.keys(catalogue.codes).sort()).toEqual([...SINGLE_WINDOW_STATUS_CODES].sort());
    expect(Object.keys(catalogue.states).sort()).toEqual([...SINGLE_WINDOW_PUSH_STATES].sort());
  });

  it('lists the pushes in words for finance, with Retry only on a failed one, sent again after confirming', async () => {
    const stub = stubPushes();
    signedInAs('finance');
    renderApp('/officer/single-window-outbox?state=failed');
    const table = await screen.findByRole('region', { name: 'Status pushes to the single window' });
    expect(stub.listCalls()[0]).toContain('state=failed');
    const failed = rowOf(table, 'CAF-2026-100001');
    expect(within(failed).getByText('Received (no. 1)')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('HTTP 503: down')).toBeInTheDocument();
    expect(within(rowOf(table, 'CAF-2026-100002')).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(failed).getByRole('button', { name: 'Retry the push “Received” of CAF-2026-100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this status again?' });
    expect(stub.posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Retry Push' }));
    await waitFor(() => expect(stub.posts()).toEqual([`/api/single-window/outbox/${FAILED.id}/retry`]));
    await waitFor(() =>
      expect(within(rowOf(screen.getByRole('table'), 'CAF-2026-100001')).getByText('Retrying')).toBeInTheDocument(),
    );
  });

  it('is in the admin navigation and not offered to other roles', async () => {
    stubPushes();
    signedInAs('admin');
    const admin = renderApp('/officer');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link', { name: 'Single window' })[0]).toHaveAttribute(
      'href',
      '/officer/single-window-outbox',
    );
    admin.unmount();

    signedInAs('ho');
    const { router } = renderApp('/officer/single-window-outbox');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer'));
    expect(screen.queryByRole('link', { name: 'Single window' })).not.toBeInTheDocument();
  });
});
