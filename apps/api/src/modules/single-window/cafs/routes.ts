/** The state's single window (decision 036), mounted at /api/single-window:
 * - the single window's machine calls, signed with its shared key (HMAC-SHA256 over timestamp, nonce, method, path
 *   and body), each nonce once, rate limited per client: POST /v1/cafs (the CAF's intake) and
 *   GET /v1/cafs/{cafId}/status (the pull);
 * - the investor's: POST /handoff (the handoff token for a session), GET /cafs/{cafId} and
 *   POST /cafs/{cafId}/application (a CAF that named no plot, completed by choosing one). */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cafReceiptSchema,
  cafSchema,
  cafStatusSchema,
  completeCafRequestSchema,
  handoffRequestSchema,
  handoffResponseSchema,
  ownCafSchema,
  SINGLE_WINDOW_LIMITS,
} from '@portal/contract';
import { badRequest, tooManyRequests, unauthorized } from '../../../core/http-error';
import { createAttemptLimiter } from '../../../lib/attempt-limiter';
import { singleWindowConfig } from '../../../lib/single-window/config';
import { checkRequestSignature } from '../../../lib/single-window/protocol';
import { currentUser, requirePermission } from '../../../plugins/auth';
import { recordNonce } from '../../../repositories/single-window-nonces';
import { asSingleWindow, cafStatus, completeCaf, getOwnCaf, takeCaf, takeHandoff } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, for the single window's signature. */
    singleWindowRawBody?: string;
    /** The single window's client id, once its signature is checked. */
    singleWindowClient?: string;
  }
}

const SIGNATURE_REFUSED = "The request's signature, timestamp or nonce is not accepted";
const cafIdParams = z.object({ cafId: z.string().trim().min(1).max(64) });

export const singleWindowRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = singleWindowConfig();
  const publicUrl = app.publicUrl ?? 'http://127.0.0.1:8000';
  const limiter = createAttemptLimiter(app.db, 'single-window', SINGLE_WINDOW_LIMITS.requestsPerMinute);
  const handoffLimiter = createAttemptLimiter(app.db, 'single-window-handoff', 30);

  // The body's exact bytes are signed: kept beside the parsed JSON (this plugin's routes only).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.singleWindowRawBody = text;
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('The body is not valid JSON'), undefined);
    }
  });

  /** Before the body is validated: the signature, the nonce once, then the client's rate. */
  async function requireSignature(request: FastifyRequest, _reply: FastifyReply) {
    const check = checkRequestSignature(config, request.headers, {
      method: request.method,
      path: request.url,
      body: request.singleWindowRawBody ?? '',
    });
    if (!check.ok) throw unauthorized(SIGNATURE_REFUSED, 'signature_refused');
    if (!(await recordNonce(app.db, check.nonce, check.clientId))) {
      throw unauthorized(SIGNATURE_REFUSED, 'signature_refused');
    }
    if (!(await limiter.tryAttempt(check.clientId))) {
      throw tooManyRequests('Too many requests from the single window. Please wait a minute.', 60);
    }
    request.singleWindowClient = check.clientId;
  }

  app.post(
    '/v1/cafs',
    {
      preValidation: requireSignature,
      schema: { hide: true, body: cafSchema, response: { 200: cafReceiptSchema, 201: cafReceiptSchema } },
    },
    async (request, reply) => {
      const client = request.singleWindowClient!;
      const { receipt, created } = await asSingleWindow(request, client, () =>
        takeCaf(app.db, app.storage, client, request.body),
      );
      return reply.code(created ? 201 : 200).send(receipt);
    },
  );

  app.get(
    '/v1/cafs/:cafId/status',
    {
      preValidation: requireSignature,
      schema: { hide: true, params: cafIdParams, response: { 200: cafStatusSchema } },
    },
    async (request) => cafStatus(app.db, request.params.cafId, publicUrl),
  );

  app.post(
    '/handoff',
    {
      schema: {
        description:
          "An investor arriving from the state's single window: its handoff token (HS256, short-lived, used once, for " +
          'this CAF) is exchanged for a session here. Refused (401 handoff_refused) if forged, expired, reused or ' +
          'for another CAF; nothing is signed in then.',
        body: handoffRequestSchema,
        response: { 200: handoffResponseSchema },
      },
    },
    async (request) => {
      if (!(await handoffLimiter.tryAttempt(request.ip))) {
        throw tooManyRequests('Too many sign-ins from this address. Please wait a minute and try again.', 60);
      }
      return takeHandoff(app.db, app.tokens, config, request.body);
    },
  );

  app.get(
    '/cafs/:cafId',
    {
      preHandler: requirePermission('create:application:own'),
      schema: { params: cafIdParams, response: { 200: ownCafSchema } },
    },
    async (request) => getOwnCaf(app.db, currentUser(request), request.params.cafId),
  );

  app.post(
    '/cafs/:cafId/application',
    {
      preHandler: requirePermission('create:application:own'),
      schema: { params: cafIdParams, body: completeCafRequestSchema, response: { 201: ownCafSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await completeCaf(app.db, currentUser(request), request.params.cafId, request.body.asset_id)),
  );
};
