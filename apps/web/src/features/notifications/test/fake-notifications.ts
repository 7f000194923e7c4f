/** A fetch-level fake of the notification endpoints for the feature's tests: it keeps the user's notifications,
 * answers the count, pages (with `unread=true`) and marks read as the server does; the application the notifications
 * link to never answers (a test that follows a link reads where it went, not the page), and any other call gets an
 * empty page. */
import type { Notification } from '@portal/contract';
import { jsonResponse, pageResponse, queryOf, stubFetch, type FetchHandler } from '../../../test/render-app';

export const APPLICATION_ID = '44444444-4444-4444-8444-444444444444';

export function notificationFixture(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '90000000-0000-4000-8000-000000000001',
    code: 'application_submitted',
    params: { application_number: 'APP-2026-000123' },
    link: `/applications/${APPLICATION_ID}`,
    application_id: APPLICATION_ID,
    created_at: '2026-11-20T10:15:00.000Z',
    read_at: null,
    ...overrides,
  };
}

/** Three notifications as the server words their parameters, newest first: an invoice (money and a day), a query,
 * and a submission with its two invoices, already read. */
export function sampleNotifications(): Notification[] {
  return [
    notificationFixture({
      id: '90000000-0000-4000-8000-000000000003',
      code: 'invoice_generated',
      params: {
        application_number: 'APP-2026-000123',
        invoice_number: 'INV-2026-00042',
        invoice_type: 'premium_instalment',
        amount: 1180000,
        due_date: '2026-12-20',
      },
      link: `/applications/${APPLICATION_ID}?tab=payments`,
      created_at: '2026-11-21T09:00:00.000Z',
    }),
    notificationFixture({
      id: '90000000-0000-4000-8000-000000000002',
      code: 'query_raised',
      params: { application_number: 'APP-2026-000123', message: 'Send the site plan', respond_by: '2026-11-27' },
      created_at: '2026-11-20T12:00:00.000Z',
    }),
    notificationFixture({
      params: {
        application_number: 'APP-2026-000123',
        invoice_count: 2,
        invoice_numbers: 'INV-2026-00040, INV-2026-00041',
        total_amount: 208800,
        due_date: '2026-12-20',
      },
      read_at: '2026-11-20T11:00:00.000Z',
    }),
  ];
}

export function fakeNotifications(initial: Notification[] = sampleNotifications(), other?: FetchHandler) {
  let stored = initial.map((notification) => ({ ...notification }));
  const now = '2026-11-22T08:00:00.000Z';
  const fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url === '/api/notifications/unread-count')
      return jsonResponse(200, { count: stored.filter((notification) => !notification.read_at).length });
    if (method === 'GET' && url.startsWith('/api/notifications?')) {
      const query = queryOf(url);
      const matching = query.unread === 'true' ? stored.filter((notification) => !notification.read_at) : stored;
      const offset = Number(query.offset ?? 0);
      const limit = Number(query.limit ?? 50);
      return pageResponse(matching.slice(offset, offset + limit), { total: matching.length });
    }
    if (method === 'POST' && url === '/api/notifications/read-all') {
      stored = stored.map((notification) => ({ ...notification, read_at: notification.read_at ?? now }));
      return new Response(null, { status: 204 });
    }
    const one = url.match(/^\/api\/notifications\/([^/]+)\/read$/);
    if (method === 'POST' && one) {
      const found = stored.find((notification) => notification.id === one[1]);
      if (!found) return jsonResponse(404, { detail: 'Notification not found' });
      found.read_at ??= now;
      return new Response(null, { status: 204 });
    }
    if (other) return other(url, init);
    // Never answered: the page a followed link opens stays where it is, loading.
    if (url.startsWith(`/api/applications/${APPLICATION_ID}`)) return new Promise<Response>(() => {});
    return pageResponse([]);
  });
  return {
    fetchMock,
    /** The URLs of the calls made with this method whose path starts with `prefix`. */
    calls: (method: string, prefix: string) =>
      fetchMock.mock.calls
        .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix))
        .map(([url]) => String(url)),
  };
}
