/** An error whose status, detail and code are meant for the caller (the answer is `{detail, code}`, and
 * `{reason, params}` too when a record's state refused the action). */
import {
  errorCodeForStatus,
  type ErrorCode,
  type Refusal,
  type RefusalParams,
  type RefusalReason,
} from '@portal/contract';

export interface HttpErrorExtras {
  /** Sent with the answer, as Retry-After on a 429. */
  headers?: Record<string, string>;
  /** On a 422: the fields at fault, as a schema's refusal names them (`body.full_name`, `querystring.q`). */
  errors?: { path: string; message: string }[];
  /** On a 409 wrong_state: why the state refused it, with its parameters (the contract's refusals). */
  refusal?: Refusal;
}

export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  readonly errors: { path: string; message: string }[] | undefined;
  readonly refusal: Refusal | undefined;
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
    this.refusal = extras.refusal;
  }
}

export const badRequest = (detail: string, code?: ErrorCode) => new HttpError(400, detail, code);
export const unauthorized = (detail = 'Not authenticated', code?: ErrorCode) => new HttpError(401, detail, code);
export const forbidden = (detail = 'You do not have permission to do this', code?: ErrorCode) =>
  new HttpError(403, detail, code);
export const notFound = (detail = 'Not found', code?: ErrorCode) => new HttpError(404, detail, code);
/** 409 for a duplicate or a race. When the record's state refuses the action, throw `wrongState` with its reason. */
export const conflict = (detail: string, code?: ErrorCode) => new HttpError(409, detail, code);
/** The parameters argument of `wrongState`: left out for a reason that has none. */
type RefusalParamsArgument<R extends RefusalReason> =
  Record<string, never> extends RefusalParams<R> ? [params?: RefusalParams<R>] : [params: RefusalParams<R>];
/** 409 wrong_state naming why the record's state refuses the action, so a client can word it in any language;
 * `detail` is the English sentence. */
export function wrongState<R extends RefusalReason>(
  detail: string,
  reason: R,
  ...[params]: RefusalParamsArgument<R>
): HttpError {
  return new HttpError(409, detail, 'wrong_state', {
    refusal: { reason, params: params ?? ({} as RefusalParams<R>) } as Refusal,
  });
}
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
  return invalidFields([{ path, message }]);
}
/** 422 for each field at fault, as `invalidField` words one. */
export function invalidFields(errors: { path: string; message: string }[]): HttpError {
  const field = (path: string) => path.replace(/^(body|querystring|params|headers)\.?/, '') || 'request';
  const detail = errors.map(({ path, message }) => `${field(path)}: ${message}`).join('; ');
  return new HttpError(422, detail, 'validation_failed', { errors });
}
