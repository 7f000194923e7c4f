// The Outbox screen (admin): the figures and the no-SMTP warning, a page of messages in words with attempts, last
// error and next attempt, the filters and search reaching the request, Retry on a failed message after a confirmation,
// and no such screen for other roles.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MAIL_STATUSES,
  MAIL_TEMPLATES,
  SMS_STATUSES,
  SMS_TEMPLATE_CODES,
  type OutboxMessage,
  type OutboxSummary,
  type SmsMessage,
  type SmsSummary,
} from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, renderApp, signedInAs, stubFetch } from '../../../test/render-app';
import catalogue from '../i18n/en.json';

const FAILED: OutboxMessage = {
  id: '70000000-0000-4000-8000-000000000001',
  to_email: 'ravi@example.com',
  template: 'invoice_overdue',
  language: 'en',
  status: 'failed',
  attempts: 5,
  next_attempt_at: null,
  last_error: '550 mailbox unavailable',
  created_at: '2026-11-20T10:15:00.000Z',
  sent_at: null,
};
const PENDING: OutboxMessage = {
  ...FAILED,
  id: '70000000-0000-4000-8000-000000000002',
  to_email: 'lakshmi@example.com',
  template: 'case_assigned',
  status: 'pending',
  attempts: 1,
  next_attempt_at: '2026-11-20T11:00:00.000Z',
  last_error: 'connect ECONNREFUSED',
};
const SENT: OutboxMessage = {
  ...FAILED,
  id: '70000000-0000-4000-8000-000000000003',
  to_email: 'meera@example.com',
  template: 'password_reset',
  status: 'sent',
  attempts: 1,
  next_attempt_at: '2026-11-20T09:00:00.000Z',
  last_error: null,
  sent_at: '2026-11-20T09:00:05.000Z',
};

const SUMMARY: OutboxSummary = { smtp_configured: false, pending: 1, failed: 1, sent_last_24h: 12 };

const SMS_SUMMARY: SmsSummary = {
  provider: 'sandbox',
  sandbox_url: 'http://127.0.0.1:8005',
  pending: 2,
  failed: 0,
  segments_by_day: [{ day: '2026-11-20', messages: 3, segments: 7 }],
};
const SMS: SmsMessage = {
  id: '80000000-0000-4000-8000-000000000001',
  to_mobile: '+91 98xxx xx210',
  template: 'query_raised',
  language: 'te',
  status: 'delivered',
  segments: 2,
  unicode: true,
  attempts: 1,
  provider_message_id: '3862357656575665850-1234567890',
  last_error: null,
  delivery_cause: 'SUCCESS',
  created_at: '2026-11-20T09:00:00.000Z',
  sent_at: '2026-11-20T09:00:02.000Z',
  delivered_at: '2026-11-20T09:00:05.000Z',
};

function stubOutbox({
  summary = SUMMARY,
  retry = () => new Response(null, { status: 204 }),
}: { summary?: OutboxSummary; retry?: () => Response } = {}) {
  let messages = [FAILED, PENDING, SENT];
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/outbox/summary') return jsonResponse(200, summary);
    if (url === '/api/sms/outbox/summary') return jsonResponse(200, SMS_SUMMARY);
    if (url.startsWith('/api/sms/outbox?')) return pageResponse([SMS], { total: 1 });
    if (url.startsWith('/api/outbox?')) return pageResponse(messages, { total: 3 });
    if (init.method === 'POST' && url === `/api/outbox/${FAILED.id}/retry`) {
      const answer = retry();
      if (answer.ok)
        messages = messages.map((message) =>
          message.id === FAILED.id
            ? { ...message, status: 'pending', next_attempt_at: '2026-11-22T08:00:00.000Z' }
            : message,
        );
      return answer;
    }
    return pageResponse([]);
  });
  return {
    fetchMock,
    listCalls: () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/outbox?')),
    posts: () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url)),
  };
}

async function openOutbox(path = '/officer/outbox') {
  signedInAs('admin');
  const view = renderApp(path);
  const table = await screen.findByRole('region', { name: 'Mail messages' });
  return { ...view, table };
}

const rowOf = (table: HTMLElement, email: string) => within(table).getByText(email).closest('tr')!;

describe('outbox page', () => {
  it('has words for every mail, status and language of the contract', () => {
    expect(Object.keys(catalogue.templates).sort()).toEqual([...MAIL_TEMPLATES].sort());
    expect(Object.keys(catalogue.statuses).sort()).toEqual([...MAIL_STATUSES].sort());
  });

  it('shows the figures and warns plainly that mail is not being sent without SMTP', async () => {
    stubOutbox();
    await openOutbox();
    const figures = screen.getByRole('region', { name: 'Outbox figures' });
    expect(
      await within(figures).findByText('Mail is not being sent: SMTP_URL is not set; messages are kept'),
    ).toBeInTheDocument();
    const cards = within(figures)
      .getAllByRole('listitem')
      .map((card) => card.textContent);
    expect(cards).toEqual([
      'Mail sendingNot configured',
      'Waiting to be sent1',
      'Failed1',
      'Sent in the last 24 hours12',
    ]);
  });

  it('says SMTP is configured, with no warning, when it is', async () => {
    stubOutbox({ summary: { ...SUMMARY, smtp_configured: true } });
    await openOutbox();
    const figures = screen.getByRole('region', { name: 'Outbox figures' });
    expect(await within(figures).findByText('Configured')).toBeInTheDocument();
    expect(within(figures).queryByText(/SMTP_URL is not set/)).not.toBeInTheDocument();
  });

  it('lists the messages in words with attempts, last error and next attempt; Retry only on a failed one', async () => {
    const { listCalls } = stubOutbox();
    const { table } = await openOutbox();
    const failed = rowOf(table, 'ravi@example.com');
    expect(within(failed).getByText('Invoice overdue')).toBeInTheDocument();
    expect(within(failed).getByText('English')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('5')).toBeInTheDocument();
    expect(within(failed).getByText('550 mailbox unavailable')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Retry the mail to ravi@example.com' })).toBeInTheDocument();

    const pending = rowOf(table, 'lakshmi@example.com');
    expect(within(pending).getByText('Case assigned')).toBeInTheDocument();
    expect(within(pending).getByText('Waiting')).toBeInTheDocument();
    expect(within(pending).getByText('20 Nov 2026, 04:30 pm')).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    const sent = rowOf(table, 'meera@example.com');
    expect(within(sent).getByText('Password reset')).toBeInTheDocument();
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('20 Nov 2026, 02:30 pm')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
    expect(queryOf(listCalls().at(-1)!)).toEqual({ limit: '50', sort: '-created_at' });
  });

  it('sends the status and mail filters and the recipient search, and reads them from the address', async () => {
    const { listCalls } = stubOutbox();
    const { router } = await openOutbox('/officer/outbox?status=failed');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('failed');
    expect(queryOf(listCalls().at(-1)!)).toMatchObject({ status: 'failed' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mail' }), 'password_reset');
    await waitFor(() =>
      expect(queryOf(listCalls().at(-1)!)).toMatchObject({ status: 'failed', template: 'password_reset' }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ravi@');
    await waitFor(() => expect(queryOf(listCalls().at(-1)!)).toMatchObject({ q: 'ravi@' }));
    expect(new URLSearchParams(router.state.location.search).get('template')).toBe('password_reset');
  });

  it('retries a failed mail only after confirming, and shows it queued again', async () => {
    const { posts } = stubOutbox();
    const { table } = await openOutbox();
    const user = userEvent.setup();
    await user.click(within(rowOf(table, 'ravi@example.com')).getByRole('button', { name: /^Retry/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail again?' });
    expect(dialog).toHaveAccessibleDescription(
      'The Invoice overdue mail to ravi@example.com goes back to the queue and is sent on the next run.',
    );
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Retry Mail' }));
    expect(
      await screen.findByText('The mail is queued to be sent again', { selector: '[data-title]' }),
    ).toBeInTheDocument();
    expect(posts()).toEqual([`/api/outbox/${FAILED.id}/retry`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(rowOf(screen.getByRole('table', { name: 'Mail messages' }), 'ravi@example.com')).getByText('Waiting'),
      ).toBeInTheDocument(),
    );
  });

  it('shows the busy text while the retry runs, and a refusal with the server detail', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = stubOutbox();
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith('/retry')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : base(input, init),
    );
    const { table } = await openOutbox();
    const user = userEvent.setup();
    await user.click(within(rowOf(table, 'ravi@example.com')).getByRole('button', { name: /^Retry/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry Mail' }));
    const busy = await within(dialog).findByRole('button', { name: 'Retrying...' });
    expect(busy).toBeDisabled();
    answer(jsonResponse(409, { detail: 'Only a failed message can be retried' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only a failed message can be retried');
    // Said in the dialog only: no toast as well.
    expect(screen.queryByText('Only a failed message can be retried', { selector: '[data-title]' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Retry Mail' })).toBeEnabled();
  });

  it('has words for every SMS template and delivery state', () => {
    for (const template of SMS_TEMPLATE_CODES) expect(catalogue.sms.templates[template], template).toBeTruthy();
    for (const status of SMS_STATUSES) expect(catalogue.sms.statuses[status], status).toBeTruthy();
  });

  it('shows each SMS with its delivery, segments and encoding, and the segments sent per day', async () => {
    stubOutbox();
    signedInAs('admin');
    renderApp('/officer/outbox');
    const section = await screen.findByRole('region', { name: 'Text messages (SMS)' });
    const table = await within(section).findByRole('table', { name: 'Text messages' });
    const row = within(table).getByText('+91 98xxx xx210').closest('tr')!;
    expect(within(row).getByText('Query raised')).toBeInTheDocument();
    expect(within(row).getByText('Delivered')).toBeInTheDocument();
    expect(within(row).getByText('Unicode')).toBeInTheDocument();
    expect(within(row).queryByText('SUCCESS')).not.toBeInTheDocument();
    const byDay = within(section).getByRole('table', { name: 'Messages and segments sent per day' });
    expect(within(byDay).getByRole('row', { name: /20 Nov 2026 3 7/ })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: "Sandbox provider's messages (TEST MODE)" })).toHaveAttribute(
      'href',
      'http://127.0.0.1:8005',
    );
  });

  it('is not offered to other roles', async () => {
    stubOutbox();
    signedInAs('ho');
    const { router } = renderApp('/officer/outbox');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/officer'));
    expect(screen.queryByRole('region', { name: 'Mail messages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
  });

  it("is in the admin's navigation", async () => {
    stubOutbox();
    signedInAs('admin');
    renderApp('/officer');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link', { name: 'Outbox' })[0]).toHaveAttribute('href', '/officer/outbox');
  });
});
