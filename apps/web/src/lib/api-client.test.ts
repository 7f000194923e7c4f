// The API client: bearer header, bodies, errors with the server's detail, and the 401 rule (clear session, go to /login).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_TIME_HEADER, REFUSAL_REASONS, setPortalTimeOffset, businessToday } from '@portal/contract';
import { api, ApiError, errorDetail, errorRefusal, setUnauthorizedHandler } from './api-client';
import { jsonResponse, pageResponse, stubFetch, userFor } from '../test/render-app';
import { storeSession } from './session-storage';
import i18n, { changeLanguage } from './i18n';
import common from '../app/i18n/en.json';

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  beforeEach(() => {
    storeSession({ token: 'stored-token', user: userFor('ho') });
  });
  afterEach(() => setUnauthorizedHandler(null));

  it('sends JSON to /api with the stored bearer token', async () => {
    const fetchMock = stubFetch(() => jsonResponse(201, { id: 'x' }));
    const answer = await api.post<{ id: string }>('/applications', { asset_id: 'a' });
    expect(answer).toEqual({ id: 'x' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/applications');
    expect(init?.method).toBe('POST');
    expect(headersOf(init).Authorization).toBe('Bearer stored-token');
    expect(headersOf(init)['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"asset_id":"a"}');
  });

  it("reads today by the portal's time each answer tells, not the device's clock", async () => {
    const yearOn = new Date(Date.now() + 365 * 86_400_000);
    stubFetch(() => new Response('{}', { status: 200, headers: { [PORTAL_TIME_HEADER]: yearOn.toISOString() } }));
    try {
      await api.get('/health');
      expect(businessToday()).toBe(businessToday(yearOn));
      expect(businessToday()).not.toBe(businessToday(new Date()));
    } finally {
      setPortalTimeOffset(0);
    }
  });

  it('leaves empty query values out', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, []));
    await api.get('/reports/applications', { query: { from_date: '2026-01-01', status: undefined, zone: '' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/reports/applications?from_date=2026-01-01');
  });

  it('reads a page: the rows, the total (capped or not) and the next cursor, with arrays sent as comma lists', async () => {
    const fetchMock = stubFetch(() => {
      const answer = pageResponse([{ id: 1 }, { id: 2 }], { total: 10_000, capped: true });
      answer.headers.set('X-Next-Cursor', 'abc');
      return answer;
    });
    const page = await api.page<{ id: number }>('/applications', {
      limit: 2,
      status: ['submitted', 'approved'],
      zone: '',
      category: [],
      q: undefined,
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/applications?limit=2&status=submitted%2Capproved');
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 10_000, totalCapped: true, nextCursor: 'abc' });
  });

  it('counts the rows of an answer without X-Total-Count', async () => {
    stubFetch(() => jsonResponse(200, [{ id: 1 }]));
    expect(await api.page('/meetings', { offset: 50 })).toMatchObject({ total: 51, totalCapped: false });
  });

  it('sends FormData as multipart without setting the content type itself', async () => {
    const fetchMock = stubFetch(() => jsonResponse(201, {}));
    const form = new FormData();
    form.append('document_type', 'dpr');
    await api.post('/applications/1/documents', form);
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(form);
    expect(headersOf(init)['Content-Type']).toBeUndefined();
  });

  it('answers undefined for an empty 204', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/things/1')).resolves.toBeUndefined();
  });

  it('throws ApiError with status and the body detail', async () => {
    stubFetch(() => jsonResponse(409, { detail: 'Application is not in draft' }));
    const error = await api.post('/applications/1/submit').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, detail: 'Application is not in draft' });
    expect(errorDetail(error, 'Failed to submit application')).toBe('Application is not in draft');
  });

  it('errorDetail falls back when there is no detail', async () => {
    stubFetch(() => new Response('<html>oops</html>', { status: 500 }));
    const error = await api.get('/x').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500, detail: undefined });
    expect(errorDetail(error, 'Failed to load data')).toBe('Failed to load data');
    expect(errorDetail(new Error('boom'), 'Failed to load data')).toBe('Failed to load data');
  });

  it('a network failure is an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0 });
  });

  it('on a 401 clears the token and user and calls the session handler', async () => {
    stubFetch(() => jsonResponse(401, { detail: 'Not authenticated' }));
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(api.get('/applications')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('on a 401 without a session handler sends the browser to /login', async () => {
    stubFetch(() => jsonResponse(401, { detail: 'Not authenticated' }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/officer', assign });
    await expect(api.get('/applications')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("keeps the session on the login call's own 401", async () => {
    stubFetch(() => jsonResponse(401, { detail: 'Incorrect email or password' }));
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const error = await api
      .post('/auth/login', undefined, { form: { username: 'a', password: 'b' } })
      .catch((e: unknown) => e);
    expect(errorDetail(error, 'Login failed. Please try again.')).toBe('Incorrect email or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('stored-token');
  });

  it('a 403 does not end the session', async () => {
    stubFetch(() => jsonResponse(403, { detail: 'Forbidden' }));
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(api.get('/users')).rejects.toMatchObject({ status: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('stored-token');
  });
});

/** Just enough of XMLHttpRequest to drive an upload: progress events, then an answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: string } = { status: 201, body: '{"id":"doc-1"}' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseType = '';
  response: unknown = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.answer.status;
      this.responseText = FakeXhr.answer.body;
      this.response = FakeXhr.answer.body;
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

describe('api client uploads', () => {
  beforeEach(() => {
    storeSession({ token: 'stored-token', user: userFor('entrepreneur') });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => setUnauthorizedHandler(null));

  it('uploads multipart through XMLHttpRequest with the bearer token and reports progress', async () => {
    FakeXhr.answer = { status: 201, body: '{"id":"doc-1"}' };
    const progress: number[] = [];
    const form = new FormData();
    form.append('document_type', 'dpr');
    const answer = await api.upload('/applications/1/documents', form, (fraction) => progress.push(fraction));
    expect(answer).toEqual({ id: 'doc-1' });
    expect(FakeXhr.last).toMatchObject({ method: 'POST', url: '/api/applications/1/documents', body: form });
    expect(FakeXhr.last?.headers.Authorization).toBe('Bearer stored-token');
    expect(FakeXhr.last?.headers['Content-Type']).toBeUndefined();
    expect(progress).toEqual([0.5, 1]);
  });

  it('an upload error carries the detail, and a 401 there ends the session too', async () => {
    FakeXhr.answer = { status: 413, body: '{"detail":"File size should not exceed 5MB"}' };
    const big = await api.upload('/applications/1/documents', new FormData()).catch((e: unknown) => e);
    expect(big).toMatchObject({ status: 413, detail: 'File size should not exceed 5MB' });

    FakeXhr.answer = { status: 401, body: '{"detail":"Not authenticated"}' };
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(api.upload('/applications/1/documents', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('errorDetail in another language', () => {
  it('words the error from its code instead of the English detail, and uses the fallback without a code', async () => {
    const conflict = new ApiError(409, 'An application in status DRAFT cannot be moved to APPROVED', {
      detail: 'An application in status DRAFT cannot be moved to APPROVED',
      code: 'wrong_state',
    });
    expect(errorDetail(conflict, 'Failed')).toBe('An application in status DRAFT cannot be moved to APPROVED');
    i18n.addResourceBundle('hi', 'common', { errors: { wrong_state: 'यह अभी नहीं हो सकता' } }, true, true);
    try {
      await i18n.changeLanguage('hi');
      expect(errorDetail(conflict, 'विफल')).toBe('यह अभी नहीं हो सकता');
      expect(errorDetail(new ApiError(0, undefined, undefined), 'विफल')).toBe('विफल');
      expect(errorDetail(new ApiError(500, 'Oops', { detail: 'Oops', code: 'made_up' }), 'विफल')).toBe('विफल');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('errorDetail of a refusal that names its reason', () => {
  const refusal = (detail: string, reason: string, params?: unknown) =>
    new ApiError(409, detail, { detail, code: 'wrong_state', reason, ...(params !== undefined && { params }) });
  const move = refusal('An application in status SUBMITTED cannot be moved to APPROVED', 'transition_not_allowed', {
    from: 'submitted',
    to: 'approved',
  });
  const documents = refusal(
    'These required documents must be uploaded and verified first: DPR (missing), PAN card (pending)',
    'documents_not_verified',
    { documents: ['dpr', 'pan_card'] },
  );
  const outbox = refusal('Only a failed message can be sent again; this one is sent', 'outbox_not_failed', {
    status: 'sent',
  });
  const query = refusal("A query is waiting for the applicant's answer", 'query_open');

  afterEach(() => changeLanguage('en'));

  it('has words in the common catalogue for every reason the contract declares', () => {
    expect(Object.keys(common.refusals).sort()).toEqual([...REFUSAL_REASONS].sort());
  });

  it('words it in English from the catalogue, with the statuses and document types by name', () => {
    expect(errorRefusal(move)).toEqual({
      reason: 'transition_not_allowed',
      params: { from: 'submitted', to: 'approved' },
    });
    expect(errorDetail(move, 'Failed')).toBe(
      'An application in status SUBMITTED cannot be moved to APPROVED. Reload the page to see where it stands.',
    );
    expect(errorDetail(documents, 'Failed')).toBe(
      'These required documents must be uploaded and verified first: DPR (Detailed Project Report), PAN Card.',
    );
    expect(errorDetail(outbox, 'Failed')).toBe('Only a failed message can be sent again; this one is SENT.');
    expect(errorDetail(query, 'Failed')).toBe("A query is waiting for the applicant's answer.");
  });

  it('words it in Hindi and Telugu with the statuses and document types in that language', async () => {
    await changeLanguage('hi');
    const hiMove = errorDetail(move, 'विफल');
    expect(hiMove).toContain(`“${i18n.t('ui:status.submitted')}”`);
    expect(hiMove).toContain(`“${i18n.t('ui:status.approved')}”`);
    expect(hiMove).not.toBe(i18n.t('common:errors.wrong_state'));
    expect(hiMove).toMatch(/[\u0900-\u097F]/);
    expect(hiMove).not.toMatch(/SUBMITTED|APPROVED|\{\{/);
    const hiDocuments = errorDetail(documents, 'विफल');
    expect(hiDocuments).toContain(
      `${i18n.t('applications:documentTypes.dpr')}, ${i18n.t('applications:documentTypes.pan_card')}`,
    );
    expect(hiDocuments).toMatch(/^पहले ये आवश्यक दस्तावेज़/);
    expect(errorDetail(outbox, 'विफल')).toContain(`“${i18n.t('ui:status.sent')}”`);
    expect(errorDetail(query, 'विफल')).toBe('एक प्रश्न पर आवेदक के उत्तर की प्रतीक्षा है।');

    await changeLanguage('te');
    const teMove = errorDetail(move, 'విఫలమైంది');
    expect(teMove).toContain(`“${i18n.t('ui:status.submitted')}”`);
    expect(teMove).toMatch(/[\u0C00-\u0C7F]/);
    expect(teMove).not.toMatch(/SUBMITTED|APPROVED|\{\{/);
    expect(errorDetail(documents, 'విఫలమైంది')).toContain(i18n.t('applications:documentTypes.pan_card'));
  });

  it('falls back to the detail in English and to the code elsewhere when the reason or its parameters are not known', async () => {
    const unknown = refusal('Something new is refused', 'made_up_reason', {});
    const misfit = refusal('An application in status SUBMITTED cannot be moved to NOWHERE', 'transition_not_allowed', {
      from: 'submitted',
      to: 'nowhere',
    });
    expect(errorRefusal(unknown)).toBeUndefined();
    expect(errorRefusal(misfit)).toBeUndefined();
    expect(errorDetail(unknown, 'Failed')).toBe('Something new is refused');
    expect(errorDetail(misfit, 'Failed')).toBe('An application in status SUBMITTED cannot be moved to NOWHERE');
    await changeLanguage('hi');
    expect(errorDetail(unknown, 'विफल')).toBe(i18n.t('common:errors.wrong_state'));
    expect(errorDetail(misfit, 'विफल')).toBe(i18n.t('common:errors.wrong_state'));
  });
});
