/** The statement of account (decision 016): GET /applications/{id}/statement and GET /allotments/{id}/statement.
 * Mounted at /api with full paths, beside the modules that own those records. The PDFs and the no-dues certificate
 * are issued documents (modules/documents/issued-documents). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementQuerySchema, statementSchema } from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { currentUser, requireAuth } from '../../../plugins/auth';
import { statementOf } from './service';

const params = z.object({ id: z.uuid() });

const DESCRIPTION =
  "The statement of account: the balance before `from`, the period's entries (oldest first, a page at a time: " +
  "`limit`/`offset` or the X-Next-Cursor `cursor`; X-Total-Count counts the period's entries) each with the balance " +
  "after it, the period's debits and credits and the closing balance. Balance = debits - credits: above zero the " +
  "holder owes. For the applicant, the allotment's holder now and staff who read finance (404 for another's).";

export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['application', 'allotment'] as const) {
    app.get(
      `/${kind}s/:id/statement`,
      {
        preHandler: requireAuth,
        schema: {
          params,
          querystring: statementQuerySchema,
          description:
            kind === 'allotment' ? `${DESCRIPTION} An allotment's account is its application's.` : DESCRIPTION,
          response: { 200: statementSchema },
        },
      },
      async (request, reply) => {
        const { statement, page } = await statementOf(
          app.db,
          currentUser(request),
          { kind, id: request.params.id },
          request.query,
        );
        sendPage(request, reply, page, request.query);
        return statement;
      },
    );
  }
};
