/** Schemes (decision 018): GET and POST /schemes, GET /schemes/{id}, GET /schemes/{id}/entries, POST
 * /schemes/{id}/close and /decide, and the public GET /public/schemes/{schemeNumber}. Mounted at /api with full
 * paths (the result sheet's PDF is the issued documents' route; the auction's lots and bids are the auctions'). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSchemeRequestSchema,
  errorBodySchema,
  publicSchemeSchema,
  schemeDetailSchema,
  schemeEntryListQuerySchema,
  schemeEntryRowSchema,
  schemeListQuerySchema,
  schemeSummarySchema,
  PERFORMANCE_REQUESTS_PER_MINUTE,
} from '@portal/contract';
import type { OrgIdentity } from '../../../config';
import type { Database } from '../../../db/client';
import { tooManyRequests } from '../../../core/http-error';
import { sendPage } from '../../../core/list-page';
import { createAttemptLimiter } from '../../../lib/attempt-limiter';
import type { DocumentSigner } from '../../../lib/document-signing/document-signer';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import type { FileStorage } from '../../../plugins/storage';
import {
  closeScheme,
  decideScheme,
  getScheme,
  listSchemeEntries,
  listSchemes,
  publicScheme,
  publishScheme,
} from './service';

const params = z.object({ id: z.uuid() });
const numberParams = z.object({ schemeNumber: z.string().min(1).max(40) });

/** Issues a decided scheme's result sheet (the issued documents' own function, handed over by the composition:
 * modules never import each other). */
export type ResultSheetIssuer = (
  context: { db: Database; storage: FileStorage; org: OrgIdentity; signer: DocumentSigner; baseUrl: string },
  schemeId: string,
) => Promise<unknown>;

export const schemeRoutes =
  (issueResultSheet?: ResultSheetIssuer): FastifyPluginAsyncZod =>
  async (app) => {
    // The public record is limited per address like the public performance figures.
    const limiter = createAttemptLimiter(app.db, 'schemes:address', PERFORMANCE_REQUESTS_PER_MINUTE);

    app.get(
      '/schemes',
      {
        preHandler: requireAuth,
        schema: {
          description:
            'Staff who read schemes see every scheme; an entrepreneur the schemes taking applications now and those ' +
            'they applied in.',
          querystring: schemeListQuerySchema,
          response: { 200: z.array(schemeSummarySchema) },
        },
      },
      async (request, reply) =>
        sendPage(request, reply, await listSchemes(app.db, currentUser(request), request.query), request.query),
    );

    app.post(
      '/schemes',
      {
        preHandler: requirePermission('manage:schemes'),
        schema: { body: createSchemeRequestSchema, response: { 201: schemeDetailSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await publishScheme(app.db, currentUser(request), request.body, app.drawBeacon)),
    );

    app.get(
      '/schemes/:id',
      { preHandler: requireAuth, schema: { params, response: { 200: schemeDetailSchema } } },
      async (request) => getScheme(app.db, currentUser(request), request.params.id),
    );

    app.get(
      '/schemes/:id/entries',
      {
        preHandler: requirePermission('read:schemes'),
        schema: {
          params,
          querystring: schemeEntryListQuerySchema,
          response: { 200: z.array(schemeEntryRowSchema) },
        },
      },
      async (request, reply) =>
        sendPage(
          request,
          reply,
          await listSchemeEntries(app.db, currentUser(request), request.params.id, request.query),
          request.query,
        ),
    );

    app.post(
      '/schemes/:id/close',
      {
        preHandler: requirePermission('manage:schemes'),
        schema: {
          description: 'Closes a scheme past its closing time: the qualified list is frozen and published.',
          params,
          response: { 200: schemeDetailSchema },
        },
      },
      async (request) => closeScheme(app.db, currentUser(request), request.params.id),
    );

    app.post(
      '/schemes/:id/decide',
      {
        preHandler: requirePermission('manage:schemes'),
        schema: {
          description:
            'Runs first come or the draw of a closed scheme, once: the result stands (200). A draw whose beacon round ' +
            'is not had yet (not made, the beacon unreachable, or its signature false) is asked for and answered 202 ' +
            'with draw_wait: the portal tries again every minute.',
          params,
          response: { 200: schemeDetailSchema, 202: schemeDetailSchema },
        },
      },
      async (request, reply) => {
        const answer = await decideScheme(
          app.db,
          currentUser(request),
          request.params.id,
          app.drawBeacon,
          issueResultSheet
            ? (schemeId: string) =>
                issueResultSheet(
                  {
                    db: app.db,
                    storage: app.storage,
                    org: app.org,
                    signer: app.documentSigner,
                    baseUrl: app.publicUrl ?? `${request.protocol}://${request.host}`,
                  },
                  schemeId,
                ).catch((error: unknown) => {
                  // The result stands either way: the sheet is made on its first download instead.
                  request.log.warn({ err: error, schemeId }, 'The result sheet could not be issued with the decision');
                })
            : undefined,
        );
        return reply.status(answer.drawn ? 200 : 202).send(answer.scheme);
      },
    );

    app.get(
      '/public/schemes/:schemeNumber',
      {
        schema: {
          description:
            "A scheme's public record: the commitment, the qualified list once applications close, the seed and the " +
            'result once decided, the bids of decided lots. Application numbers only, no one named. Limited per address.',
          params: numberParams,
          response: { 200: publicSchemeSchema, 429: errorBodySchema },
        },
      },
      async (request) => {
        if (!(await limiter.tryAttempt(request.ip))) {
          throw tooManyRequests('Too many look-ups of scheme results. Please wait a minute.', 60);
        }
        return publicScheme(app.db, request.params.schemeNumber);
      },
    );
  };
