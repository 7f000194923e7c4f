/** GET /pendency: the officers' pendency figures (read:pendency), a zonal manager with a zone seeing theirs. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendencyQuerySchema, pendencySchema } from '@portal/contract';
import { currentUser, requirePermission } from '../../../plugins/auth';
import { getPendency } from './service';

export const pendencyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requirePermission('read:pendency'),
      schema: { querystring: pendencyQuerySchema, response: { 200: pendencySchema } },
    },
    async (request) => getPendency(app.db, currentUser(request), request.query),
  );
};
