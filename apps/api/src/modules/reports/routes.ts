/** GET /reports/{type}: a report with its filters; GET /reports/{type}/export.csv and export.json: every row as a
 * download, streamed (read:reports). */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_EXPORT_FORMATS, reportQuerySchema, reportSchema, type ReportExportFormat } from '@portal/contract';
import { requirePermission } from '../../plugins/auth';
import { reportSummary } from '../../repositories/reports';
import { checkReport, exportCsv, exportFileName, exportJson, generateReport } from './service';
import { clock } from '../../core/clock';

const CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The type is checked by the service so that an unknown one answers 404, not 422.
  const params = z.object({ type: z.string().max(40) });

  app.get(
    '/:type',
    {
      preHandler: requirePermission('read:reports'),
      schema: { params, querystring: reportQuerySchema, response: { 200: reportSchema } },
    },
    async (request) => generateReport(app.db, request.params.type, request.query),
  );

  for (const format of REPORT_EXPORT_FORMATS) {
    app.get(
      `/:type/export.${format}`,
      { preHandler: requirePermission('read:reports'), schema: { params, querystring: reportQuerySchema } },
      async (request, reply) => {
        // Everything that can refuse runs before the first byte, so a refusal is still a plain {detail} answer.
        const checked = checkReport(request.params.type, request.query);
        const now = clock.now();
        const summary = await reportSummary(app.db, checked.type, checked.filter);
        const body = format === 'csv' ? exportCsv(app.db, checked) : exportJson(app.db, checked, summary, now);
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${exportFileName(checked.type, format, now)}"`)
          .header('cache-control', 'no-store')
          .header('x-total-count', String(summary.count))
          .send(Readable.from(body));
      },
    );
  }
};
