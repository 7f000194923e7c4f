/** Issued documents: the PDFs (GET /applications/{id}/acknowledgment.pdf, /payments/{id}/receipt.pdf,
 * /allotments/{id}/letter.pdf, /allotments/{id}/possession/certificate.pdf, the orders of the allotment's life at
 * /service-requests/{id}/order.pdf, /show-causes/{id}/notice.pdf and /show-causes/{id}/order.pdf), the public GET
 * /verify/{code} and POST /verify (the check of a file), an administrator's POST /issued-documents/{id}/revoke, and the
 * public letterhead GET /organization. Mounted at /api with full paths, beside the modules that own those records. */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkedFileSchema,
  errorBodySchema,
  issuedDocumentSchema,
  MAX_CHECKED_PDF_BYTES,
  noDuesCertificateSchema,
  organizationSchema,
  revokeIssuedDocumentRequestSchema,
  statementPdfQuerySchema,
  VERIFY_FILE_REQUESTS_PER_MINUTE,
  VERIFY_REQUESTS_PER_MINUTE,
  verifiedDocumentSchema,
} from '@portal/contract';
import { createAttemptLimiter } from '../../../lib/attempt-limiter';
import { challanPdfFor } from './challan-pdf';
import { issueNoDuesCertificate, noDuesCertificateFor, statementPdfFor } from './ledger-documents';
import { invalidField, tooManyRequests } from '../../../core/http-error';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import type { IssuedDocumentRow } from '../repositories/issued-documents';
import {
  acknowledgmentFor,
  allotmentLetterFor,
  checkFile,
  deemedApprovalLetterFor,
  downloadName,
  possessionCertificateFor,
  receiptFor,
  revokeIssuedDocument,
  schemeResultSheetFor,
  serviceOrderFor,
  showCauseDocumentFor,
  verifyDocument,
  type IssuingContext,
} from './service';

const params = z.object({ id: z.uuid() });
const codeParams = z.object({ code: z.string().max(64) });

/** Keeps the original name: an ASCII fallback plus the UTF-8 form. */
function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const PDF_DESCRIPTION =
  'The PDF, made and stored the first time it is asked for; the same bytes every time after (their SHA-256 is on ' +
  'the verify page). The X-Verification-Code header carries the code printed on it.';

export const issuedDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createAttemptLimiter(app.db, 'verify:address', VERIFY_REQUESTS_PER_MINUTE);
  const fileLimiter = createAttemptLimiter(app.db, 'verify-file:address', VERIFY_FILE_REQUESTS_PER_MINUTE);
  // A PDF to check comes as its raw bytes (POST /verify).
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const context = (request: FastifyRequest): IssuingContext => ({
    db: app.db,
    storage: app.storage,
    org: app.org,
    signer: app.documentSigner,
    baseUrl: app.publicUrl ?? `${request.protocol}://${request.host}`,
  });

  const sendPdf = (reply: FastifyReply, row: IssuedDocumentRow) =>
    reply
      .type('application/pdf')
      .header('content-disposition', attachmentHeader(downloadName(row)))
      .header('cache-control', 'private, no-store')
      .header('x-verification-code', row.verificationCode)
      .send(app.storage.open(row.storageKey));

  app.get(
    '/schemes/:id/result.pdf',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description:
          "A decided scheme's result sheet (decision 018): its commitment, seed or bids, qualified list and result. " +
          'For staff who read schemes and the entrepreneurs who applied in it. ' +
          PDF_DESCRIPTION,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await schemeResultSheetFor(context(request), currentUser(request), request.params.id)),
  );

  app.get(
    '/applications/:id/acknowledgment.pdf',
    { preHandler: requireAuth, schema: { params, description: PDF_DESCRIPTION } },
    async (request, reply) =>
      sendPdf(reply, await acknowledgmentFor(context(request), currentUser(request), request.params.id)),
  );

  app.get(
    '/applications/:id/deemed-approval-letter.pdf',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description:
          "The letter of deemed approval of the application's latest stage the portal moved on past its limit " +
          `(decision 017); 404 when none was. ${PDF_DESCRIPTION}`,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await deemedApprovalLetterFor(context(request), currentUser(request), request.params.id)),
  );

  app.get(
    '/payments/:id/receipt.pdf',
    { preHandler: requireAuth, schema: { params, description: PDF_DESCRIPTION } },
    async (request, reply) =>
      sendPdf(reply, await receiptFor(context(request), currentUser(request), request.params.id)),
  );

  app.get(
    '/allotments/:id/letter.pdf',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description: `The provisional or the final allotment letter, as the allotment now stands. ${PDF_DESCRIPTION}`,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await allotmentLetterFor(context(request), currentUser(request), request.params.id)),
  );

  app.get(
    '/allotments/:id/possession/certificate.pdf',
    { preHandler: requireAuth, schema: { params, description: PDF_DESCRIPTION } },
    async (request, reply) =>
      sendPdf(reply, await possessionCertificateFor(context(request), currentUser(request), request.params.id)),
  );

  app.get(
    '/service-requests/:id/order.pdf',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description:
          'The order of a service request that took effect (extension of time, transfer, change, mortgage NOC, ' +
          'subletting permission, surrender acceptance): for the user who raised it, the transferee, the ' +
          "allotment's holder and staff who read allotments; 409 order_not_issued before it takes effect. " +
          PDF_DESCRIPTION,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await serviceOrderFor(context(request), currentUser(request), request.params.id)),
  );

  app.get(
    '/show-causes/:id/notice.pdf',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description: `The show-cause notice, for the allotment's holder when it was issued and staff who read allotments. ${PDF_DESCRIPTION}`,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await showCauseDocumentFor(context(request), currentUser(request), request.params.id, 'notice')),
  );

  app.get(
    '/show-causes/:id/order.pdf',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description:
          'The order deciding a show-cause notice (the allotment cancelled, or the notice dropped); 409 ' +
          `order_not_issued until it is decided. ${PDF_DESCRIPTION}`,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await showCauseDocumentFor(context(request), currentUser(request), request.params.id, 'order')),
  );

  app.get(
    '/challans/:id/challan.pdf',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description:
          "A NEFT/RTGS challan in the reader's language: the number to quote, the corporation's account, the amount " +
          "and the day it is valid until. For the invoice's owner (404 for anyone else's) and staff who read finance.",
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await challanPdfFor(
        { db: app.db, org: app.org, signer: app.documentSigner },
        currentUser(request),
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader(fileName))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  for (const kind of ['application', 'allotment'] as const) {
    app.get(
      `/${kind}s/:id/statement.pdf`,
      {
        preHandler: requireAuth,
        schema: {
          params,
          querystring: statementPdfQuerySchema,
          description:
            "The statement of account of the period as a PDF in the reader's language: the account, the opening and " +
            'closing balance, and every entry with the balance after it (a long statement runs over pages, the ' +
            "table's header repeated). Drawn when asked for, not kept. Who may read it as GET .../statement.",
        },
      },
      async (request, reply) => {
        const { fileName, bytes } = await statementPdfFor(
          context(request),
          currentUser(request),
          { kind, id: request.params.id },
          request.query,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', attachmentHeader(fileName))
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );
  }

  app.post(
    '/allotments/:id/no-dues-certificate',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description:
          "Issues the allotment's no-dues certificate (its holder, or a finance officer), only when the account's " +
          'balance is exactly zero and no invoice is unpaid: else 409 dues_outstanding with params.amount, the ' +
          'balance. The certificate issued earlier today still serves while nothing was posted since.',
        response: { 201: noDuesCertificateSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const row = await issueNoDuesCertificate(context(request), currentUser(request), request.params.id);
      return reply.status(201).send({
        id: row.id,
        allotment_id: row.subjectId,
        document_number: row.documentNumber,
        verification_code: row.verificationCode,
        as_on: String(row.facts.as_on ?? ''),
        issued_at: row.issuedAt.toISOString(),
        holder_name: row.holderName,
      });
    },
  );

  app.get(
    '/allotments/:id/no-dues-certificate.pdf',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description: `The allotment's latest no-dues certificate (404 before one is issued). ${PDF_DESCRIPTION}`,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await noDuesCertificateFor(app.db, currentUser(request), request.params.id)),
  );

  app.get(
    '/verify/:code',
    {
      schema: {
        params: codeParams,
        description:
          'What a bank or a court may check of an issued document: its type, number, holder, asset, dates and ' +
          'status (valid, superseded or revoked), and the SHA-256 of the issued PDF. Limited per address.',
        response: { 200: verifiedDocumentSchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      if (!(await limiter.tryAttempt(request.ip))) {
        throw tooManyRequests('Too many verification look-ups. Please wait a minute and try again.', 60);
      }
      return verifyDocument(app.db, request.params.code);
    },
  );

  app.post(
    '/verify',
    {
      bodyLimit: MAX_CHECKED_PDF_BYTES,
      // Counted before the body is read: a refused check costs no upload.
      onRequest: async (request) => {
        if (!(await fileLimiter.tryAttempt(request.ip))) {
          throw tooManyRequests('Too many checks of a file. Please wait a minute and try again.', 60);
        }
      },
      schema: {
        description:
          'The check of a PDF a reader has (the body: its raw bytes, content-type application/pdf, at most ' +
          `${MAX_CHECKED_PDF_BYTES / 1_048_576} MB; 413 above, 422 when it is not a PDF). Answers each signature ` +
          "(valid, altered or untrusted: the corporation's CA and the trusted eSign CAs are the only anchors, and " +
          'whether it covers the whole file), the file in one word (valid, altered, untrusted or missing), whether a ' +
          'DEMO certificate signed it, and the issued document that is exactly this file. Limited per address.',
        response: { 200: checkedFileSchema, 413: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      // Another content type Fastify reads (JSON, text) is not a PDF either.
      if (!Buffer.isBuffer(request.body)) throw invalidField('body', 'The file is not a PDF');
      return checkFile({ db: app.db, signer: app.documentSigner }, request.body);
    },
  );

  app.post(
    '/issued-documents/:id/revoke',
    {
      preHandler: requirePermission('revoke:issued-document'),
      schema: { params, body: revokeIssuedDocumentRequestSchema, response: { 200: issuedDocumentSchema } },
    },
    async (request) => revokeIssuedDocument(app.db, request.params.id, request.body.reason),
  );

  app.get('/organization', { schema: { response: { 200: organizationSchema } } }, async () => app.org);
};
