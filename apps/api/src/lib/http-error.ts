/** An error whose status, detail and code are meant for the caller (the answer is `{detail, code}`). */
import { errorCodeForStatus, type ErrorCode } from '@portal/contract';

export interface HttpErrorExtras {
  /** Sent with the answer, as Retry-After on a 429. */
  headers?: Record<string, string>;
  /** On a 422: the fields at fault, as a schema's refusal names them (`body.full_name`, `querystring.q`). */
  errors?: { path: string; message: string }[];
}

export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  readonly errors: { path: string; message: string }[] | undefined;
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    code?: ErrorCode,
    extras: HttpErrorExtras = {},
  ) {
    super(detail);
    this.code = code ?? errorCodeForStatus(statusCode);
    this.headers = extras.headers ?? {};
    this.errors = extras.errors;
  }
}

export const badRequest = (detail: string, code?: ErrorCode) => new HttpError(400, detail, code);
export const unauthorized = (detail = 'Not authenticated', code?: ErrorCode) => new HttpError(401, detail, code);
export const forbidden = (detail = 'You do not have permission to do this', code?: ErrorCode) =>
  new HttpError(403, detail, code);
export const notFound = (detail = 'Not found', code?: ErrorCode) => new HttpError(404, detail, code);
/** 409. Pass 'wrong_state' when the record's state refuses the action, rather than a duplicate or a race. */
export const conflict = (detail: string, code?: ErrorCode) => new HttpError(409, detail, code);
export const payloadTooLarge = (detail: string, code?: ErrorCode) => new HttpError(413, detail, code);
export const unsupportedMediaType = (detail: string, code?: ErrorCode) => new HttpError(415, detail, code);
export const unprocessable = (detail: string, code?: ErrorCode) => new HttpError(422, detail, code);
/** 429 with Retry-After: the seconds until the caller may try again. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, 'rate_limited', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
/** 422 for one field, worded as a schema's refusal: `path` is `body.name`, `querystring.q` ... */
export function invalidField(path: string, message: string): HttpError {
  const field = path.replace(/^(body|querystring|params|headers)\.?/, '') || 'request';
  return new HttpError(422, `${field}: ${message}`, 'validation_failed', { errors: [{ path, message }] });
}
