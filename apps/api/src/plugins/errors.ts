/** One error handler: every error answers {detail}; 5xx details are logged, never shown. */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { HttpError } from '../lib/http-error';

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_INVALID_TEXT = '22P02';

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

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
        message: issue.message,
      }));
      const first = errors[0];
      const detail = first
        ? `${first.path.replace(/^(body|querystring|params)\.?/, '') || 'request'}: ${first.message}`
        : 'Invalid request';
      return reply.status(422).send({ detail, errors });
    }
    if (error instanceof ZodError) {
      const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      return reply
        .status(422)
        .send({ detail: errors[0] ? `${errors[0].path}: ${errors[0].message}` : 'Invalid request', errors });
    }
    const code = pgCode(error);
    if (code === PG_UNIQUE_VIOLATION)
      return reply.status(409).send({ detail: 'This record already exists or was changed at the same time' });
    if (code === PG_FOREIGN_KEY_VIOLATION)
      return reply.status(422).send({ detail: 'A referenced record does not exist' });
    if (code === PG_INVALID_TEXT) return reply.status(422).send({ detail: 'A value has the wrong format' });

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
        return reply.status(413).send({ detail: 'File size should not exceed 5MB' });
      }
      return reply.status(status).send({ detail: error.message || 'Bad request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });
});
