/** GET /reports/{type}: a report with its filters (read:reports). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportSchema } from '@portal/contract';
import { requirePermission } from '../../plugins/auth';
import { generateReport } from './service';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:type',
    {
      preHandler: requirePermission('read:reports'),
      // The type is checked by the service so that an unknown one answers 404, not 422.
      schema: {
        params: z.object({ type: z.string().max(40) }),
        querystring: reportQuerySchema,
        response: { 200: reportSchema },
      },
    },
    async (request) => generateReport(app.db, request.params.type, request.query),
  );
};
