/** Show-cause notices: /allotments/{id}/show-causes (issue, list) and /show-causes/{id} (read, reply, its documents,
 * order). Mounted without a prefix, beside the allotments' own module. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decideShowCauseRequestSchema,
  extensionOf,
  issueShowCauseRequestSchema,
  replyShowCauseRequestSchema,
  showCauseSchema,
} from '@portal/contract';
import { CONTENT_TYPES } from '../../../lib/file-signatures';
import { assertAcceptedFile, receiveUpload } from '../../../lib/uploads';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import {
  decideShowCause,
  getShowCause,
  issueShowCause,
  listShowCausesOfAllotment,
  openShowCauseDocument,
  replyToShowCause,
  SHOW_CAUSE_DOCUMENT_EXTENSIONS,
  uploadShowCauseDocument,
} from './service';

const params = z.object({ id: z.uuid() });

/** Keeps the original name: an ASCII fallback plus the UTF-8 form. */
function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const showCauseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/allotments/:id/show-causes',
    {
      preHandler: requirePermission('issue:show-cause'),
      schema: { params, body: issueShowCauseRequestSchema, response: { 201: showCauseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await issueShowCause(app.db, currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/allotments/:id/show-causes',
    { preHandler: requireAuth, schema: { params, response: { 200: z.array(showCauseSchema) } } },
    async (request) => listShowCausesOfAllotment(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/show-causes/:id',
    { preHandler: requireAuth, schema: { params, response: { 200: showCauseSchema } } },
    async (request) => getShowCause(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/show-causes/:id/reply',
    {
      preHandler: requirePermission('reply:show-cause:own'),
      schema: { params, body: replyShowCauseRequestSchema, response: { 200: showCauseSchema } },
    },
    async (request) => replyToShowCause(app.db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/show-causes/:id/documents',
    { preHandler: requirePermission('reply:show-cause:own'), schema: { params, response: { 201: showCauseSchema } } },
    async (request, reply) => {
      const file = await receiveUpload(request);
      assertAcceptedFile(file, SHOW_CAUSE_DOCUMENT_EXTENSIONS);
      return reply
        .status(201)
        .send(await uploadShowCauseDocument(app.db, app.storage, currentUser(request), request.params.id, file));
    },
  );

  app.get(
    '/show-causes/:id/documents/:docId/file',
    { preHandler: requireAuth, schema: { params: params.extend({ docId: z.uuid() }) } },
    async (request, reply) => {
      const document = await openShowCauseDocument(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.docId,
      );
      return reply
        .type(CONTENT_TYPES[extensionOf(document.fileName)] ?? 'application/octet-stream')
        .header('content-disposition', attachmentHeader(document.fileName))
        .header('cache-control', 'private, no-store')
        .send(app.storage.open(document.storageKey));
    },
  );

  app.post(
    '/show-causes/:id/order',
    {
      preHandler: requirePermission('issue:show-cause'),
      schema: { params, body: decideShowCauseRequestSchema, response: { 200: showCauseSchema } },
    },
    async (request) => decideShowCause(app.db, currentUser(request), request.params.id, request.body),
  );
};
