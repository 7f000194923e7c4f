/** /single-window/outbox: the status pushes to the state's single window (decision 036), for finance and the
 * admins: GET a page by state (read:single-window-outbox), POST /{id}/retry a failed one (manage:single-window-outbox). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { singleWindowOutboxItemSchema, singleWindowOutboxQuerySchema } from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { currentUser, requirePermission } from '../../../plugins/auth';
import { listPushes, retryPush } from './service';

const idParams = z.object({ id: z.uuid() });

export const singleWindowOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requirePermission('read:single-window-outbox'),
      schema: { querystring: singleWindowOutboxQuerySchema, response: { 200: z.array(singleWindowOutboxItemSchema) } },
    },
    async (request, reply) => sendPage(request, reply, await listPushes(app.db, request.query), request.query),
  );

  app.post(
    '/:id/retry',
    {
      preHandler: requirePermission('manage:single-window-outbox'),
      schema: { params: idParams, response: { 200: singleWindowOutboxItemSchema } },
    },
    async (request) => retryPush(app.db, currentUser(request), request.params.id),
  );
};
