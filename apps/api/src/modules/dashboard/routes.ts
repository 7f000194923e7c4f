/** GET /dashboard/stats: the figures of the caller's dashboard. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entrepreneurStatsSchema, officerStatsSchema } from '@portal/contract';
import { currentUser, requireAuth } from '../../plugins/auth';
import { statsFor } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    { preHandler: requireAuth, schema: { response: { 200: z.union([officerStatsSchema, entrepreneurStatsSchema]) } } },
    async (request) => statsFor(app.db, currentUser(request)),
  );
};
