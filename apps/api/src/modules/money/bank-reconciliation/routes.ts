/** Challans and bank reconciliation (decision 016): POST/GET /challans and GET /challans/{id} (the challan's PDF is
 * GET /challans/{id}/challan.pdf, among the issued documents); POST/GET /bank-statements and GET
 * /bank-statements/{id} (an import's report); GET /bank-credits and the settlement of an unmatched credit, a maker's
 * POST /bank-credits/{id}/settlement and another's approve or reject, and POST /bank-credits/{id}/set-aside.
 * Mounted at /api with full paths. */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankCreditListQuerySchema,
  bankCreditReasonRequestSchema,
  bankCreditSchema,
  challanListQuerySchema,
  challanSchema,
  createChallanRequestSchema,
  errorBodySchema,
  extensionOf,
  MAX_UPLOAD_BYTES,
  settleBankCreditRequestSchema,
  statementAlreadyImportedSchema,
  statementImportListQuerySchema,
  statementImportSchema,
  statementImportSummarySchema,
} from '@portal/contract';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../../core/http-error';
import { sendPage } from '../../../core/list-page';
import { unreadableMultipart } from '../../../lib/uploads';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import {
  approveSettlement,
  getBankCredit,
  getChallan,
  getStatementImport,
  importBankStatement,
  listBankCredits,
  listStatementImports,
  listVisibleChallans,
  prepareSettlement,
  raiseChallan,
  rejectSettlement,
  setAsideCredit,
  toChallan,
} from './service';

const params = z.object({ id: z.uuid() });

/** The statement file: one multipart part named `file`, a .csv in UTF-8. */
async function receiveStatement(request: FastifyRequest): Promise<{ name: string; bytes: Buffer; text: string }> {
  if (!request.isMultipart()) throw unsupportedMediaType('Send the statement as multipart/form-data (field "file")');
  const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }).catch((error: unknown) => {
    throw unreadableMultipart(error);
  });
  if (!part || part.fieldname !== 'file') throw badRequest('Please select a file');
  if (extensionOf(part.filename) !== 'csv') {
    part.file.resume();
    throw unsupportedMediaType('This file type is not accepted. Accepted types: CSV');
  }
  const bytes = await part.toBuffer().catch((error: unknown) => {
    throw unreadableMultipart(error);
  });
  if (part.file.truncated) throw payloadTooLarge('File size should not exceed 5MB');
  if (bytes.length === 0) throw badRequest('The file is empty');
  if (bytes.includes(0)) throw unsupportedMediaType("The file's content is not a valid CSV file");
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unsupportedMediaType("The file's content is not a valid CSV file (save it as UTF-8)");
  }
  return { name: part.filename.slice(0, 200), bytes, text };
}

export const bankReconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------- challans ----------
  app.post(
    '/challans',
    {
      preHandler: requirePermission('raise:challan:own'),
      schema: {
        body: createChallanRequestSchema,
        response: { 201: challanSchema },
        description:
          "The invoice's NEFT/RTGS challan: its open one while that is valid and its amount holds, else a new one " +
          "(valid 15 days; late yearly dues with interest counted to its valid-until day). For the invoice's owner; " +
          "404 for anyone else's, 409 invoice_already_paid.",
      },
    },
    async (request, reply) =>
      reply.status(201).send(toChallan(await raiseChallan(app.db, currentUser(request), request.body.invoice_id))),
  );

  app.get(
    '/challans',
    {
      preHandler: requireAuth,
      schema: { querystring: challanListQuerySchema, response: { 200: z.array(challanSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listVisibleChallans(app.db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/challans/:id',
    { preHandler: requireAuth, schema: { params, response: { 200: challanSchema } } },
    async (request) => getChallan(app.db, currentUser(request), request.params.id),
  );

  // ---------- bank statements ----------
  app.post(
    '/bank-statements',
    {
      preHandler: requirePermission('import:bank-statement'),
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: {
        description:
          'Imports a bank account statement (CSV, the format in the README) in one transaction, and answers its ' +
          'row-by-row report. The same file again answers 409 statement_already_imported with the earlier report.',
        response: {
          201: statementImportSchema,
          409: z.union([statementAlreadyImportedSchema, errorBodySchema]),
        },
      },
    },
    async (request, reply) => {
      const outcome = await importBankStatement(app.db, currentUser(request), await receiveStatement(request));
      if (!outcome.ok) {
        return reply
          .status(409)
          .send({ detail: outcome.detail, code: 'statement_already_imported' as const, import: outcome.earlier });
      }
      return reply.status(201).send(outcome.report);
    },
  );

  app.get(
    '/bank-statements',
    {
      preHandler: requirePermission('read:finance'),
      schema: { querystring: statementImportListQuerySchema, response: { 200: z.array(statementImportSummarySchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listStatementImports(app.db, request.query), request.query),
  );

  app.get(
    '/bank-statements/:id',
    { preHandler: requirePermission('read:finance'), schema: { params, response: { 200: statementImportSchema } } },
    async (request) => getStatementImport(app.db, request.params.id),
  );

  // ---------- bank credits ----------
  app.get(
    '/bank-credits',
    {
      preHandler: requirePermission('read:finance'),
      schema: { querystring: bankCreditListQuerySchema, response: { 200: z.array(bankCreditSchema) } },
    },
    async (request, reply) => sendPage(request, reply, await listBankCredits(app.db, request.query), request.query),
  );

  app.get(
    '/bank-credits/:id',
    { preHandler: requirePermission('read:finance'), schema: { params, response: { 200: bankCreditSchema } } },
    async (request) => getBankCredit(app.db, request.params.id),
  );

  app.post(
    '/bank-credits/:id/settlement',
    {
      preHandler: requirePermission('prepare:finance-action'),
      schema: {
        params,
        body: settleBankCreditRequestSchema,
        response: { 200: bankCreditSchema },
        description:
          'A maker settles an unmatched credit against an unpaid invoice asking exactly its amount (interest on ' +
          'late dues counted to the value date): 409 bank_credit_state or invoice_already_paid, 422 ' +
          'settlement_amount_mismatch. It waits for another finance user or an administrator to approve it.',
      },
    },
    async (request) =>
      prepareSettlement(app.db, currentUser(request), request.params.id, {
        invoice_id: request.body.invoice_id,
        note: request.body.note,
      }),
  );

  app.post(
    '/bank-credits/:id/settlement/approve',
    {
      preHandler: requirePermission('approve:finance-action'),
      schema: {
        params,
        response: { 200: bankCreditSchema },
        description:
          "Approves a pending settlement and pays its invoice (NEFT/RTGS, the bank reference as the payment's " +
          'reference). Never by its maker: 403 maker_cannot_check.',
      },
    },
    async (request) => approveSettlement(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/bank-credits/:id/settlement/reject',
    {
      preHandler: requirePermission('approve:finance-action'),
      schema: { params, body: bankCreditReasonRequestSchema, response: { 200: bankCreditSchema } },
    },
    async (request) => rejectSettlement(app.db, currentUser(request), request.params.id, request.body.reason),
  );

  app.post(
    '/bank-credits/:id/set-aside',
    {
      preHandler: requirePermission('prepare:finance-action'),
      schema: { params, body: bankCreditReasonRequestSchema, response: { 200: bankCreditSchema } },
    },
    async (request) => setAsideCredit(app.db, currentUser(request), request.params.id, request.body.reason),
  );
};
