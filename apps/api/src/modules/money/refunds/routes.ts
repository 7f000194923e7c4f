/** Refunds (decision 016): GET /refunds/due (the refunds the rules say are owed), POST /refunds (the maker prepares
 * one), GET /refunds and /refunds/{id}, POST /refunds/{id}/approve and /reject (the checker, never the maker) and
 * /paid (the bank's UTR); GET and PUT /applicants/{id}/bank-verification (finance verifies the bank details refunds
 * are paid to). Mounted at /api with full paths. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankVerificationSchema,
  payRefundRequestSchema,
  prepareRefundRequestSchema,
  refundDueListQuerySchema,
  refundDueSchema,
  refundListQuerySchema,
  refundSchema,
  rejectRefundRequestSchema,
} from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import {
  approveRefund,
  getBankVerification,
  getRefund,
  listDueRefunds,
  listRefunds,
  markRefundPaid,
  prepareRefund,
  rejectRefund,
  verifyBankDetails,
} from './service';

const params = z.object({ id: z.uuid() });

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/refunds/due',
    {
      preHandler: requirePermission('read:finance'),
      schema: { querystring: refundDueListQuerySchema, response: { 200: z.array(refundDueSchema) } },
    },
    async (request, reply) => sendPage(request, reply, await listDueRefunds(app.db, request.query), request.query),
  );

  app.post(
    '/refunds',
    {
      preHandler: requirePermission('prepare:finance-action'),
      schema: { body: prepareRefundRequestSchema, response: { 201: refundSchema } },
    },
    async (request, reply) => reply.status(201).send(await prepareRefund(app.db, currentUser(request), request.body)),
  );

  app.get(
    '/refunds',
    {
      preHandler: requireAuth,
      schema: { querystring: refundListQuerySchema, response: { 200: z.array(refundSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listRefunds(app.db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/refunds/:id',
    { preHandler: requireAuth, schema: { params, response: { 200: refundSchema } } },
    async (request) => getRefund(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/refunds/:id/approve',
    { preHandler: requirePermission('approve:finance-action'), schema: { params, response: { 200: refundSchema } } },
    async (request) => approveRefund(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/refunds/:id/reject',
    {
      preHandler: requirePermission('approve:finance-action'),
      schema: { params, body: rejectRefundRequestSchema, response: { 200: refundSchema } },
    },
    async (request) => rejectRefund(app.db, currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/refunds/:id/paid',
    {
      preHandler: requirePermission('pay:refund'),
      schema: { params, body: payRefundRequestSchema, response: { 200: refundSchema } },
    },
    async (request) => markRefundPaid(app.db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/applicants/:id/bank-verification',
    {
      preHandler: requirePermission('read:finance'),
      schema: { params, response: { 200: bankVerificationSchema } },
    },
    async (request) => getBankVerification(app.db, request.params.id),
  );

  app.put(
    '/applicants/:id/bank-verification',
    {
      preHandler: requirePermission('verify:bank-details'),
      schema: { params, response: { 200: bankVerificationSchema } },
    },
    async (request) => verifyBankDetails(app.db, currentUser(request), request.params.id),
  );
};
