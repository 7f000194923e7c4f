/** One error handler: every error of every status answers JSON {detail, code} (codes: the contract's error-codes.ts);
 * 5xx details are logged, never shown. Also the answers Fastify and Node give before a route runs (a bad URL, a
 * too-long parameter, headers too large), which would otherwise have their own shape. */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { MAX_UPLOAD_BYTES, errorCodeForStatus, type ErrorBody, type ErrorCode } from '@portal/contract';
import { HttpError } from '../core/http-error';

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
/** Answers of PostgreSQL about a value it cannot take: bad input, so a 422 rather than a 500. */
const PG_BAD_VALUE: Record<string, string> = {
  '22P02': 'A value has the wrong format',
  '22021': 'A text contains a character that cannot be stored (such as NUL)',
  '22P05': 'A text contains a character that cannot be stored (such as NUL)',
  '22007': 'A date or time is not valid',
  '22008': 'A date or time is out of range',
  '22003': 'A number is out of range',
  '22001': 'A text is too long',
};

const MB = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
/** The JSON body limit of the app (app.ts bodyLimit); uploads have their own, MAX_UPLOAD_BYTES. */
export const BODY_LIMIT_BYTES = 1_048_576;

export const REQUIRED_FIELD = 'This field is required';

function pgCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Zod's own message for a field left out ("Invalid input: expected string, received undefined"); a schema's
 * message of its own ("Please enter area verified") is kept. */
const ZOD_MISSING = /^Invalid input: expected .+, received undefined$/;
const fieldMessage = (message: string) => (ZOD_MISSING.test(message) ? REQUIRED_FIELD : message);

function validationBody(errors: { path: string; message: string }[]): ErrorBody {
  const first = errors[0];
  const detail = first
    ? `${first.path.replace(/^(body|querystring|params|headers)\.?/, '') || 'request'}: ${first.message}`
    : 'Invalid request';
  return { detail, code: 'validation_failed', errors };
}

/** The 413 detail: an uploaded file has the limit people are told about; anything else is the request itself. */
function tooLargeDetail(error: FastifyError, bodyLimit: number): string {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return `File size should not exceed ${MAX_UPLOAD_BYTES / 1_048_576}MB`;
    case 'FST_FILES_LIMIT':
      return 'Send one file at a time';
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'The form has too many parts';
    default:
      return `The request body is too large (at most ${MB(bodyLimit)})`;
  }
}

/** The detail of a 4xx that Fastify or a plugin raised (not one of ours). */
function clientErrorDetail(error: FastifyError, status: number, request: FastifyRequest): string {
  if (status === 413) return tooLargeDetail(error, request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES);
  if (status === 415) return 'This content type is not accepted here';
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return 'The request body is not valid JSON';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty; send a JSON object';
  return error.message || 'Bad request';
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({
          detail: error.detail,
          code: error.code,
          ...(error.errors && { errors: error.errors }),
          ...(error.refusal && { reason: error.refusal.reason, params: error.refusal.params }),
        } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: fieldMessage(issue.message ?? 'Invalid value'),
      }));
      return reply.status(422).send(validationBody(errors));
    }
    if (error instanceof ZodError) {
      const errors = error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: fieldMessage(issue.message),
      }));
      return reply.status(422).send(validationBody(errors));
    }
    const code = pgCode(error);
    if (code === PG_UNIQUE_VIOLATION)
      return reply
        .status(409)
        .send({ detail: 'This record already exists or was changed at the same time', code: 'conflict' });
    if (code === PG_FOREIGN_KEY_VIOLATION)
      return reply.status(422).send({ detail: 'A referenced record does not exist', code: 'validation_failed' });
    if (code && PG_BAD_VALUE[code])
      return reply.status(422).send({ detail: PG_BAD_VALUE[code], code: 'validation_failed' });

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.status(status).send({
        detail: clientErrorDetail(error, status, request),
        code: errorCodeForStatus(status),
      } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ detail: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
  });

  // Answers not made by the handler above (a 404 for an unknown path, a route that sends its own refusal) still
  // carry a code. Only error answers with a JSON body are read, and only when they lack one.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    try {
      const body: unknown = JSON.parse(payload);
      if (!body || typeof body !== 'object' || Array.isArray(body) || 'code' in body) return payload;
      return JSON.stringify({ ...body, code: errorCodeForStatus(reply.statusCode) });
    } catch {
      return payload;
    }
  });
});

/** Fastify's own refusals before routing (Fastify option `frameworkErrors`): a malformed URL (400) and a route
 * parameter over maxParamLength (414). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  const detail =
    status === 414
      ? 'The address is too long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The address is not valid'
        : error.message || 'Bad request';
  void reply.status(status).send({ detail, code: errorCodeForStatus(status) } satisfies ErrorBody);
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; detail: string; code: ErrorCode }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    detail: 'The request headers are too large',
    code: 'headers_too_large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    detail: 'The request took too long to arrive',
    code: 'request_timeout',
  },
};
const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  detail: 'The request is malformed',
  code: 'bad_request' as const,
};

/** Node's refusals of a request it could not read at all (Fastify option `clientErrorHandler`): headers over
 * the size limit (431), a timeout (408), anything else malformed (400). Written straight to the socket, as Node
 * has no request to answer. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({ detail: answer.detail, code: answer.code } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
