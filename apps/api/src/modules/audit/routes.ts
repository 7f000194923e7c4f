/** GET /audit: one page of the audit trail; GET /audit/export.csv: every entry under the filters, streamed (admins,
 * read:audit). */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditListQuerySchema } from '@portal/contract';
import { sendPage } from '../../core/list-page';
import { requirePermission } from '../../plugins/auth';
import { auditExportFileName, exportAuditCsv, listAuditEntries } from './service';

const exportQuerySchema = auditListQuerySchema.omit({ limit: true, offset: true, cursor: true, sort: true });

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requirePermission('read:audit'),
      schema: { querystring: auditListQuerySchema, response: { 200: z.array(auditEntrySchema) } },
    },
    async (request, reply) => sendPage(request, reply, await listAuditEntries(app.db, request.query), request.query),
  );

  app.get(
    '/export.csv',
    { preHandler: requirePermission('read:audit'), schema: { querystring: exportQuerySchema } },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportAuditCsv(app.db, request.query))),
  );
};
