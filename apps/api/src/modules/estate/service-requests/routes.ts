/** Service requests: GET /service-requests (own, or all for staff who read them), GET /service-requests/{id},
 * POST /service-requests (an entrepreneur raises one), PATCH /service-requests/{id} (an officer moves it on),
 * GET /service-requests/transfers-offered and POST /service-requests/{id}/accept-transfer (a transferee), and
 * PUT /service-requests/{id}/particulars (the applicant gives the particulars a request asks for). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createServiceRequestSchema,
  serviceRequestListQuerySchema,
  serviceRequestSchema,
  supplyServiceParticularsSchema,
  transferOfferSchema,
  updateServiceRequestSchema,
} from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { currentUser, requirePermission } from '../../../plugins/auth';
import {
  acceptTransfer,
  getServiceRequest,
  listServiceRequests,
  listTransferOffers,
  raiseServiceRequest,
  supplyServiceParticulars,
  updateServiceRequest,
} from './service';

const idParams = z.object({ id: z.uuid({ error: 'The service request id is not valid' }) });

export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = requirePermission('manage:service-request:own');
  const ownOrAny = requirePermission('manage:service-request:own', 'read:service-request:any');

  app.get(
    '/',
    {
      preHandler: ownOrAny,
      schema: { querystring: serviceRequestListQuerySchema, response: { 200: z.array(serviceRequestSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listServiceRequests(app.db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/transfers-offered',
    {
      preHandler: own,
      schema: { querystring: serviceRequestListQuerySchema, response: { 200: z.array(transferOfferSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listTransferOffers(app.db, currentUser(request), request.query), request.query),
  );

  app.post(
    '/:id/accept-transfer',
    { preHandler: own, schema: { params: idParams, response: { 200: serviceRequestSchema } } },
    async (request) => acceptTransfer(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/:id',
    { preHandler: ownOrAny, schema: { params: idParams, response: { 200: serviceRequestSchema } } },
    async (request) => getServiceRequest(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/',
    { preHandler: own, schema: { body: createServiceRequestSchema, response: { 201: serviceRequestSchema } } },
    async (request, reply) =>
      reply.status(201).send(await raiseServiceRequest(app.db, currentUser(request), request.body)),
  );

  app.put(
    '/:id/particulars',
    {
      preHandler: own,
      schema: { params: idParams, body: supplyServiceParticularsSchema, response: { 200: serviceRequestSchema } },
    },
    async (request) => supplyServiceParticulars(app.db, currentUser(request), request.params.id, request.body),
  );

  app.patch(
    '/:id',
    {
      preHandler: requirePermission('work:service-request'),
      schema: { params: idParams, body: updateServiceRequestSchema, response: { 200: serviceRequestSchema } },
    },
    async (request) => updateServiceRequest(app.db, currentUser(request), request.params.id, request.body),
  );
};
