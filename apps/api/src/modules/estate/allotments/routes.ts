/** Allotments, lease deeds and possession: /allotments, /allotments/summary, /allotments/export.csv, /allotments/{id}, .../history, .../lease-deed[/file|/verify], .../possession. */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allotmentListQuerySchema,
  allotmentSchema,
  allotmentSummaryQuerySchema,
  allotmentSummarySchema,
  createAllotmentRequestSchema,
  LEASE_DEED_EXTENSIONS,
  leaseDeedSchema,
  possessionSchema,
  recordPossessionRequestSchema,
  timelineEventSchema,
  timelineListQuerySchema,
  verifyLeaseDeedRequestSchema,
} from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { assertAcceptedFile, receiveUpload } from '../../../lib/uploads';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import {
  countRegisterExport,
  createAllotment,
  exportRegisterCsv,
  getAllotment,
  getAllotmentHistory,
  getLatestLeaseDeed,
  getPossession,
  listVisibleAllotments,
  openLeaseDeedFile,
  recordPossession,
  registerExportFileName,
  summariseAllotments,
  uploadLeaseDeed,
  verifyLeaseDeed,
} from './service';

const params = z.object({ id: z.uuid() });

/** The register export takes the list's filters and `q`; it is every row, so no paging and its own order. */
const registerExportQuerySchema = allotmentListQuerySchema.omit({
  limit: true,
  offset: true,
  cursor: true,
  sort: true,
});

/** Keeps the original name: an ASCII fallback plus the UTF-8 form. */
function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const allotmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requireAuth,
      schema: { querystring: allotmentListQuerySchema, response: { 200: z.array(allotmentSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listVisibleAllotments(app.db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/summary',
    {
      preHandler: requirePermission('read:allotments:any'),
      schema: { querystring: allotmentSummaryQuerySchema, response: { 200: allotmentSummarySchema } },
    },
    async (request) => summariseAllotments(app.db, currentUser(request), request.query),
  );

  // Before /:id, so that it is never read as an id.
  app.get(
    '/export.csv',
    { preHandler: requirePermission('read:allotments:any'), schema: { querystring: registerExportQuerySchema } },
    async (request, reply) => {
      // Everything that can refuse runs before the first byte, so a refusal is still a plain {detail} answer.
      const total = await countRegisterExport(app.db, currentUser(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${registerExportFileName()}"`)
        .header('cache-control', 'no-store')
        .header('x-total-count', String(total))
        .send(Readable.from(exportRegisterCsv(app.db, currentUser(request), request.query)));
    },
  );

  app.post(
    '/',
    {
      preHandler: requirePermission('create:allotment'),
      schema: { body: createAllotmentRequestSchema, response: { 201: allotmentSchema } },
    },
    async (request, reply) => reply.status(201).send(await createAllotment(app.db, currentUser(request), request.body)),
  );

  app.get(
    '/:id',
    { preHandler: requireAuth, schema: { params, response: { 200: allotmentSchema } } },
    async (request) => getAllotment(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/:id/history',
    {
      preHandler: requireAuth,
      schema: { params, querystring: timelineListQuerySchema, response: { 200: z.array(timelineEventSchema) } },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await getAllotmentHistory(app.db, currentUser(request), request.params.id, request.query),
        request.query,
      ),
  );

  app.get(
    '/:id/lease-deed',
    { preHandler: requireAuth, schema: { params, response: { 200: leaseDeedSchema } } },
    async (request) => getLatestLeaseDeed(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/lease-deed',
    { preHandler: requirePermission('upload:lease-deed:own'), schema: { params, response: { 201: leaseDeedSchema } } },
    async (request, reply) => {
      const file = await receiveUpload(request);
      assertAcceptedFile(file, LEASE_DEED_EXTENSIONS);
      return reply
        .status(201)
        .send(await uploadLeaseDeed(app.db, app.storage, currentUser(request), request.params.id, file));
    },
  );

  app.get('/:id/lease-deed/file', { preHandler: requireAuth, schema: { params } }, async (request, reply) => {
    const deed = await openLeaseDeedFile(app.db, currentUser(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentHeader(deed.fileName))
      .header('cache-control', 'private, no-store')
      .send(app.storage.open(deed.storageKey));
  });

  app.put(
    '/:id/lease-deed/verify',
    {
      preHandler: requirePermission('verify:lease-deed'),
      schema: { params, body: verifyLeaseDeedRequestSchema, response: { 200: leaseDeedSchema } },
    },
    async (request) => verifyLeaseDeed(app.db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/:id/possession',
    { preHandler: requireAuth, schema: { params, response: { 200: possessionSchema } } },
    async (request) => getPossession(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/:id/possession',
    {
      preHandler: requirePermission('record:possession'),
      schema: { params, body: recordPossessionRequestSchema, response: { 201: possessionSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await recordPossession(app.db, currentUser(request), request.params.id, request.body)),
  );
};
