/** Invoices and payments: GET /invoices, GET /payments (optionally ?application_id), POST /payments. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPaymentRequestSchema, invoiceSchema, listQuerySchema, paymentSchema } from '@portal/contract';
import { currentUser, requireAuth, requirePermission } from '../../plugins/auth';
import { listVisibleInvoices, listVisiblePayments, payInvoice } from './service';

const byApplication = listQuerySchema.pick({ application_id: true });

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { preHandler: requireAuth, schema: { querystring: byApplication, response: { 200: z.array(invoiceSchema) } } },
    async (request) => listVisibleInvoices(app.db, currentUser(request), request.query.application_id),
  );
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { preHandler: requireAuth, schema: { querystring: byApplication, response: { 200: z.array(paymentSchema) } } },
    async (request) => listVisiblePayments(app.db, currentUser(request), request.query.application_id),
  );

  app.post(
    '/',
    {
      preHandler: requirePermission('pay:invoice:own'),
      schema: { body: createPaymentRequestSchema, response: { 201: paymentSchema } },
    },
    async (request, reply) => reply.status(201).send(await payInvoice(app.db, currentUser(request), request.body)),
  );
};
