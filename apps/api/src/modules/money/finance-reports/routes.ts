/** The finance dashboard's reports (read:finance): GET /finance/collections (by day and mode over a period),
 * /finance/receivables-ageing, /finance/summary, and the streamed files /finance/collections.csv and
 * /finance/receivables.csv. */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collectionsQuerySchema,
  collectionsReportSchema,
  financeSummarySchema,
  receivablesAgeingSchema,
} from '@portal/contract';
import { requirePermission } from '../../../plugins/auth';
import {
  checkPeriod,
  collections,
  collectionsFileName,
  countReceivables,
  exportCollectionsCsv,
  exportReceivablesCsv,
  receivablesAgeing,
  receivablesFileName,
  summary,
} from './service';

const CSV = 'text/csv; charset=utf-8';

export const financeReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('read:finance');

  app.get(
    '/collections',
    { preHandler, schema: { querystring: collectionsQuerySchema, response: { 200: collectionsReportSchema } } },
    async (request) => collections(app.db, request.query),
  );

  app.get('/receivables-ageing', { preHandler, schema: { response: { 200: receivablesAgeingSchema } } }, async () =>
    receivablesAgeing(app.db),
  );

  app.get('/summary', { preHandler, schema: { response: { 200: financeSummarySchema } } }, async () => summary(app.db));

  app.get(
    '/collections.csv',
    { preHandler, schema: { querystring: collectionsQuerySchema } },
    async (request, reply) => {
      // The period is checked before the first byte, so a refusal is still a plain {detail} answer.
      const period = checkPeriod(request.query);
      return reply
        .header('content-type', CSV)
        .header('content-disposition', `attachment; filename="${collectionsFileName(period)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportCollectionsCsv(app.db, period)));
    },
  );

  app.get('/receivables.csv', { preHandler }, async (_request, reply) => {
    const total = await countReceivables(app.db);
    return reply
      .header('content-type', CSV)
      .header('content-disposition', `attachment; filename="${receivablesFileName()}"`)
      .header('cache-control', 'no-store')
      .header('x-total-count', String(total))
      .send(Readable.from(exportReceivablesCsv(app.db)));
  });
};
