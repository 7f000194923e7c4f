/** Ledger adjustments with maker-checker: POST /ledger-adjustments (the maker prepares an interest waiver, a debit or
 * a credit), GET /ledger-adjustments (a page, filtered by status, kind and application) and /ledger-adjustments/{id},
 * POST /ledger-adjustments/{id}/approve and /reject (the checker, never the maker). Mounted at /api. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ledgerAdjustmentListQuerySchema,
  ledgerAdjustmentSchema,
  prepareLedgerAdjustmentRequestSchema,
  rejectLedgerAdjustmentRequestSchema,
} from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { currentUser, requirePermission } from '../../../plugins/auth';
import { approveAdjustment, getAdjustment, listAdjustments, prepareAdjustment, rejectAdjustment } from './service';

const params = z.object({ id: z.uuid() });

export const ledgerAdjustmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ledger-adjustments',
    {
      preHandler: requirePermission('prepare:finance-action'),
      schema: { body: prepareLedgerAdjustmentRequestSchema, response: { 201: ledgerAdjustmentSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await prepareAdjustment(app.db, currentUser(request), request.body)),
  );

  app.get(
    '/ledger-adjustments',
    {
      preHandler: requirePermission('read:finance'),
      schema: { querystring: ledgerAdjustmentListQuerySchema, response: { 200: z.array(ledgerAdjustmentSchema) } },
    },
    async (request, reply) => sendPage(request, reply, await listAdjustments(app.db, request.query), request.query),
  );

  app.get(
    '/ledger-adjustments/:id',
    { preHandler: requirePermission('read:finance'), schema: { params, response: { 200: ledgerAdjustmentSchema } } },
    async (request) => getAdjustment(app.db, request.params.id),
  );

  app.post(
    '/ledger-adjustments/:id/approve',
    {
      preHandler: requirePermission('approve:finance-action'),
      schema: { params, response: { 200: ledgerAdjustmentSchema } },
    },
    async (request) => approveAdjustment(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/ledger-adjustments/:id/reject',
    {
      preHandler: requirePermission('approve:finance-action'),
      schema: { params, body: rejectLedgerAdjustmentRequestSchema, response: { 200: ledgerAdjustmentSchema } },
    },
    async (request) => rejectAdjustment(app.db, currentUser(request), request.params.id, request.body.reason),
  );
};
