/** The entrepreneur's applications: list (staff's list and inbox too), get, create, submit, documents (with their
 * checklist), timeline. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationListAnswerSchema,
  applicationListQuerySchema,
  applicationSchema,
  createApplicationRequestSchema,
  documentChecklistSchema,
  documentListQuerySchema,
  documentSchema,
  submitApplicationResponseSchema,
  withdrawApplicationRequestSchema,
  timelineEventSchema,
  timelineListQuerySchema,
} from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { receiveUpload } from '../../../lib/uploads';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import {
  checkDocumentUpload,
  createApplication,
  getApplication,
  getDocumentChecklist,
  getTimeline,
  listApplicationDocuments,
  listVisibleApplications,
  openDocumentFile,
  submitApplication,
  uploadDocument,
  withdrawApplication,
} from './service';

const idParams = z.object({ id: z.uuid() });

/** A Content-Disposition that keeps the original name: an ASCII fallback plus the UTF-8 form. */
function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requireAuth,
      schema: { querystring: applicationListQuerySchema, response: { 200: applicationListAnswerSchema } },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await listVisibleApplications(app.db, currentUser(request), request.query),
        request.query,
      ),
  );

  app.post(
    '/',
    {
      preHandler: requirePermission('create:application:own'),
      schema: { body: createApplicationRequestSchema, response: { 201: applicationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createApplication(app.db, currentUser(request), request.body)),
  );

  app.get(
    '/:id',
    { preHandler: requireAuth, schema: { params: idParams, response: { 200: applicationSchema } } },
    async (request) => getApplication(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/submit',
    {
      preHandler: requirePermission('submit:application:own'),
      schema: { params: idParams, response: { 200: submitApplicationResponseSchema } },
    },
    async (request) => submitApplication(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/withdraw',
    {
      preHandler: requirePermission('withdraw:application:own'),
      schema: { params: idParams, body: withdrawApplicationRequestSchema, response: { 200: applicationSchema } },
    },
    async (request) => withdrawApplication(app.db, currentUser(request), request.params.id, request.body?.reason),
  );

  app.get(
    '/:id/documents',
    {
      preHandler: requireAuth,
      schema: { params: idParams, querystring: documentListQuerySchema, response: { 200: z.array(documentSchema) } },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await listApplicationDocuments(app.db, currentUser(request), request.params.id, request.query),
        request.query,
      ),
  );

  app.get(
    '/:id/documents/checklist',
    { preHandler: requireAuth, schema: { params: idParams, response: { 200: documentChecklistSchema } } },
    async (request) => getDocumentChecklist(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/documents',
    {
      preHandler: requirePermission('create:application:own'),
      schema: { params: idParams, response: { 201: documentSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await checkDocumentUpload(app.db, user, request.params.id);
      const file = await receiveUpload(request);
      return reply.status(201).send(await uploadDocument(app.db, app.storage, user, request.params.id, file));
    },
  );

  app.get(
    '/:id/documents/:docId/file',
    { preHandler: requireAuth, schema: { params: idParams.extend({ docId: z.uuid() }) } },
    async (request, reply) => {
      const { document, stream } = await openDocumentFile(
        app.db,
        app.storage,
        currentUser(request),
        request.params.id,
        request.params.docId,
      );
      return reply
        .header('content-type', document.contentType)
        .header('content-disposition', attachmentHeader(document.fileName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/:id/timeline',
    {
      preHandler: requireAuth,
      schema: {
        params: idParams,
        querystring: timelineListQuerySchema,
        response: { 200: z.array(timelineEventSchema) },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await getTimeline(app.db, currentUser(request), request.params.id, request.query),
        request.query,
      ),
  );
};
