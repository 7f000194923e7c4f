/** The payment gateway (decisions 016 and 019): POST /payments/orders, GET /payments/orders(/:id), and the gateway's
 * two answers, POST /payments/gateway/callback (the browser's redirect back) and POST /payments/gateway/webhook. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGatewayOrderRequestSchema,
  gatewayCheckoutSchema,
  gatewayOrderListQuerySchema,
  gatewayOrderSchema,
  PAYMENT_RETURN_QUERY,
  paymentOriginFrom,
  paymentOriginQuery,
  ROUTES,
} from '@portal/contract';
import { badRequest } from '../../../core/http-error';
import { sendPage } from '../../../core/list-page';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import {
  createGatewayOrder,
  getGatewayOrder,
  handleGatewayCallback,
  handleGatewayWebhook,
  listGatewayOrders,
} from './service';

/** The return page of an order, with where the payment started and what the browser said. */
function returnPage(orderId: string, query: unknown, saidFailed: boolean): string {
  const origin = paymentOriginFrom(
    typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {},
  );
  const params = new URLSearchParams(paymentOriginQuery(origin));
  if (saidFailed) params.set(PAYMENT_RETURN_QUERY.said, 'failed');
  const path = ROUTES.paymentReturn.path.replace(':orderId', orderId);
  return params.size > 0 ? `${path}?${params.toString()}` : path;
}

export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders',
    {
      preHandler: requirePermission('pay:invoice:own'),
      schema: { body: createGatewayOrderRequestSchema, response: { 201: gatewayCheckoutSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createGatewayOrder(app.db, app.paymentGateway, currentUser(request), request.body)),
  );

  app.get(
    '/orders',
    {
      preHandler: requireAuth,
      schema: { querystring: gatewayOrderListQuerySchema, response: { 200: z.array(gatewayOrderSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listGatewayOrders(app.db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: requireAuth,
      schema: { params: z.object({ id: z.uuid() }), response: { 200: gatewayOrderSchema } },
    },
    async (request) => getGatewayOrder(app.db, currentUser(request), request.params.id),
  );

  // The gateway posts the browser back here (form-encoded, no token): 303 to the return page, which shows the
  // order's state as the server believes it. The body may be anything anyone posts: it is read field by field.
  app.post('/gateway/callback', { schema: { hide: true } }, async (request, reply) => {
    const outcome = await handleGatewayCallback(app.db, app.paymentGateway, request.body, request.log);
    if (!outcome) throw badRequest('Unknown payment order');
    return reply.redirect(returnPage(outcome.orderId, request.query, outcome.saidFailed), 303);
  });

  // The webhook's signature is over the exact bytes sent: this route alone keeps the JSON body as a string.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.post('/gateway/webhook', { schema: { hide: true } }, async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const result = await handleGatewayWebhook(
        app.db,
        app.paymentGateway,
        typeof request.body === 'string' ? request.body : '',
        { signature: header('x-razorpay-signature'), eventId: header('x-razorpay-event-id') },
      );
      return reply.status(200).send({ status: 'ok', duplicate: !result.taken });
    });
  });
};
