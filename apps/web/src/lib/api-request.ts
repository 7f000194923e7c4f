/** The HTTP client for the API without the contract's zod schemas: base /api, bearer token, JSON/form/multipart
 * bodies, upload progress, 401 handling, the list protocol's pages, and errors worded without refusals. The sign-in page
 * and the page frame import it from the entry chunk; everything else imports ./api-client, which adds the words of a
 * refusal (read with the contract's schemas). */
import i18n from 'i18next';
import {
  ERROR_CODES,
  LIST_HEADERS,
  PORTAL_TIME_HEADER,
  readPageInfo,
  setPortalTimeOffset,
  type ErrorCode,
  type PageInfo,
} from '@portal/contract';
import { clearStoredSession, readToken } from './session-storage';

export const API_BASE = '/api';
const LOGIN_PATH = '/auth/login';
/** Sign-in by a one-time code (decision 037): its 401 (a wrong code) is said on the form too. */
const CODE_SIGN_IN_PATH = '/auth/code/sign-in';

/** An answer other than 2xx (or no answer at all: status 0). `detail` is the server's message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly body: unknown;

  constructor(status: number, detail: string | undefined, body: unknown) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
  }
}

/** The answer's error code, when it carried one of the contract's. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const code = (error.body as { code?: unknown }).code;
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code)
    ? (code as ErrorCode)
    : undefined;
}

/** The server's detail message when there is one, else the fallback (the spec's "server detail preferred"). The
 * server's English detail is shown in English; in another language the error is worded from its code instead
 * (`common:errors.<code>`), and without a code the fallback (already in the reader's language) is shown. A refusal's
 * reason is not read here: see errorDetail in ./api-client. */
export function serverDetail(error: unknown, fallback: string): string {
  if (i18n.resolvedLanguage && i18n.resolvedLanguage !== 'en') {
    const code = errorCode(error);
    return code ? i18n.t(`common:errors.${code}`) : fallback;
  }
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData (multipart), URLSearchParams (form-encoded) or a Blob (its bytes, as its
   * type). */
  body?: unknown;
  /** Sent form-encoded (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** Query string; null, undefined and '' values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Use this token instead of the stored one (sign-in uses the brand-new token before storing it). */
  token?: string;
  /** 'blob' for file downloads; JSON (or nothing) otherwise. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  /** Upload progress as a fraction 0..1; makes the request go through XMLHttpRequest. */
  onProgress?: (fraction: number) => void;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;
/** The single window's handoff (decision 036): a sign-in of its own. */
export const SINGLE_WINDOW_HANDOFF_PATH = '/single-window/handoff';

/** The session registers how to react to a 401 (clear its state, go to /login); without one the page reloads at /login. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

function handleUnauthorized(path: string): void {
  // The login call's own 401 ("Incorrect email or password") is shown on the form, not treated as a lost session;
  // so is a refused single-window handoff (decision 036), whose page says why.
  if (path === LOGIN_PATH || path === CODE_SIGN_IN_PATH || path === SINGLE_WINDOW_HANDOFF_PATH) return;
  clearStoredSession();
  if (unauthorizedHandler) unauthorizedHandler();
  else if (window.location.pathname !== '/login') window.location.assign('/login');
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function encodeBody(options: RequestOptions): { body: BodyInit | undefined; contentType: string | undefined } {
  if (options.form)
    return { body: new URLSearchParams(options.form), contentType: 'application/x-www-form-urlencoded' };
  const { body } = options;
  if (body === undefined) return { body: undefined, contentType: undefined };
  // The browser sets the multipart boundary itself.
  if (body instanceof FormData) return { body, contentType: undefined };
  if (body instanceof URLSearchParams) return { body, contentType: 'application/x-www-form-urlencoded' };
  if (body instanceof Blob) return { body, contentType: body.type || 'application/octet-stream' };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

function headersFor(options: RequestOptions, contentType: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (contentType) headers['Content-Type'] = contentType;
  const token = options.token ?? readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const { detail } = body as { detail: unknown };
    if (typeof detail === 'string') return detail;
  }
  return undefined;
}

function failure(path: string, status: number, body: unknown): ApiError {
  if (status === 401) handleUnauthorized(path);
  return new ApiError(status, detailOf(body), body);
}

/** Every answer says the portal's time (decision 026): "today", due dates and countdowns read it, not the device's
 * clock, which may be wrong or, in a demo with a moved clock, a year behind. */
export function followPortalTime(headers: Headers): void {
  const told = Date.parse(headers.get(PORTAL_TIME_HEADER) ?? '');
  if (Number.isFinite(told)) setPortalTimeOffset(told - Date.now());
}

async function viaFetch<T>(path: string, options: RequestOptions): Promise<T> {
  return (await viaFetchWithHeaders<T>(path, options)).body;
}

async function viaFetchWithHeaders<T>(path: string, options: RequestOptions): Promise<{ body: T; headers: Headers }> {
  const { body, contentType } = encodeBody(options);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: headersFor(options, contentType),
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined, undefined);
  }
  followPortalTime(response.headers);
  if (!response.ok) throw failure(path, response.status, parseText(await response.text()));
  if (options.responseType === 'blob') return { body: (await response.blob()) as T, headers: response.headers };
  return { body: parseText(await response.text()) as T, headers: response.headers };
}

function viaXhr<T>(path: string, options: RequestOptions): Promise<T> {
  const { body, contentType } = encodeBody(options);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildUrl(path, options.query));
    for (const [name, value] of Object.entries(headersFor(options, contentType))) xhr.setRequestHeader(name, value);
    xhr.responseType = options.responseType === 'blob' ? 'blob' : 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok) {
        options.onProgress?.(1);
        resolve((options.responseType === 'blob' ? xhr.response : parseText(xhr.responseText)) as T);
        return;
      }
      const text = typeof xhr.response === 'string' ? xhr.response : '';
      reject(failure(path, xhr.status, parseText(text)));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, undefined));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body as XMLHttpRequestBodyInit | undefined);
  });
}

/** One request; resolves with the parsed body (undefined for an empty answer), rejects with ApiError. */
export function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return options.onProgress ? viaXhr<T>(path, options) : viaFetch<T>(path, options);
}

/** A list's query: arrays go as comma lists (`status=a,b`); null, undefined, '' and empty arrays are left out. */
export type ListParams = Record<string, QueryValue | readonly (string | number)[]>;

export function listQuery(params: ListParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      if (value.length > 0) query[key] = value.join(',');
    } else {
      query[key] = value as QueryValue;
    }
  }
  return query;
}

/** One page of a collection: its rows and what the headers say about the rest. */
export interface Page<T> extends PageInfo {
  items: T[];
}

/** GET one page of a collection endpoint (decision record 006). An answer without X-Total-Count (an endpoint not
 * paging yet) counts what it sent. */
export async function getPage<T>(
  path: string,
  params: ListParams = {},
  options: Omit<RequestOptions, 'method' | 'body' | 'query' | 'onProgress' | 'responseType'> = {},
): Promise<Page<T>> {
  const { body, headers } = await viaFetchWithHeaders<T[] | undefined>(path, {
    ...options,
    method: 'GET',
    query: listQuery(params),
  });
  const items = Array.isArray(body) ? body : [];
  const info = readPageInfo(headers);
  const offset = Number(params.offset ?? 0) || 0;
  const total = headers.has(LIST_HEADERS.total) ? info.total : offset + items.length;
  return { ...info, total, items };
}

type Extra = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands: api.get('/assets'), api.post('/applications', body), api.upload(path, formData, onProgress). */
export const api = {
  get: <T = unknown>(path: string, options?: Extra) => request<T>(path, { ...options, method: 'GET' }),
  /** One page of a collection with its total and next cursor: api.page<Asset>('/assets', { status: ['available'] }). */
  page: getPage,
  post: <T = unknown>(path: string, body?: unknown, options?: Extra) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Extra) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Extra) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Extra) => request<T>(path, { ...options, method: 'DELETE' }),
  /** Multipart upload through XMLHttpRequest, reporting progress 0..1. */
  upload: <T = unknown>(path: string, formData: FormData, onProgress?: (fraction: number) => void, options?: Extra) =>
    request<T>(path, { ...options, method: 'POST', body: formData, onProgress: onProgress ?? (() => undefined) }),
  /** A file from an authorised endpoint, as a Blob. */
  blob: (path: string, options?: Extra) => request<Blob>(path, { ...options, method: 'GET', responseType: 'blob' }),
};
