/** Service requests raised by entrepreneurs: GET /service-requests (own), POST /service-requests. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createServiceRequestSchema, serviceRequestListQuerySchema, serviceRequestSchema } from '@portal/contract';
import { sendPage } from '../../lib/list-page';
import { currentUser, requirePermission } from '../../plugins/auth';
import { listOwnServiceRequests, raiseServiceRequest } from './service';

export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = requirePermission('manage:service-request:own');

  app.get(
    '/',
    {
      preHandler: own,
      schema: { querystring: serviceRequestListQuerySchema, response: { 200: z.array(serviceRequestSchema) } },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await listOwnServiceRequests(app.db, currentUser(request), request.query),
        request.query,
      ),
  );

  app.post(
    '/',
    { preHandler: own, schema: { body: createServiceRequestSchema, response: { 201: serviceRequestSchema } } },
    async (request, reply) =>
      reply.status(201).send(await raiseServiceRequest(app.db, currentUser(request), request.body)),
  );
};
