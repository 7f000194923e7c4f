/** Invoices and payments: GET /invoices, GET /payments (pages of the list protocol), POST /payments. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPaymentRequestSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  paymentListQuerySchema,
  paymentSchema,
} from '@portal/contract';
import { conflict } from '../../../core/http-error';
import { sendPage } from '../../../core/list-page';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import { listVisibleInvoices, listVisiblePayments, payInvoice } from './service';

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requireAuth,
      schema: { querystring: invoiceListQuerySchema, response: { 200: z.array(invoiceSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listVisibleInvoices(app.db, currentUser(request), request.query), request.query),
  );
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requireAuth,
      schema: { querystring: paymentListQuerySchema, response: { 200: z.array(paymentSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listVisiblePayments(app.db, currentUser(request), request.query), request.query),
  );

  app.post(
    '/',
    {
      preHandler: requirePermission('pay:invoice:own'),
      schema: { body: createPaymentRequestSchema, response: { 201: paymentSchema } },
    },
    async (request, reply) => {
      // With the real gateway, money comes only through it (POST /payments/orders): no direct payment.
      if (app.paymentGateway.config.mode === 'razorpay') {
        throw conflict('Pay through the payment gateway', 'gateway_required');
      }
      return reply.status(201).send(await payInvoice(app.db, currentUser(request), request.body));
    },
  );
};
