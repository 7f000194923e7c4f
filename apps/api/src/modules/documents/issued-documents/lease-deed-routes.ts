/** GET /allotments/{id}/lease-deed.pdf: the portal's lease deed (decision 035), for the allotment's holder (to read it
 * before signing it with Aadhaar eSign) and staff who read allotments. Mounted at /api with full paths. */
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAuth, type CurrentUser } from '../../../plugins/auth';
import type { IssuedDocumentRow } from '../repositories/issued-documents';
import { leaseDeedFor } from './lease-deed';
import { downloadName, type IssuingContext } from './service';

const params = z.object({ id: z.uuid() });

/** What issuing needs, as the request finds the app. */
function issuingContext(app: FastifyInstance, request: FastifyRequest): IssuingContext {
  return {
    db: app.db,
    storage: app.storage,
    org: app.org,
    signer: app.documentSigner,
    baseUrl: app.publicUrl ?? `${request.protocol}://${request.host}`,
  };
}

/** The deed for `user` (issued now if it was not before): what the eSign of the deed is handed (modules/index.ts). */
export const issueLeaseDeedFor =
  (app: FastifyInstance) =>
  (request: FastifyRequest, user: CurrentUser, allotmentId: string): Promise<IssuedDocumentRow> =>
    leaseDeedFor(issuingContext(app, request), user, allotmentId);

export const leaseDeedDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/allotments/:id/lease-deed.pdf',
    {
      preHandler: requireAuth,
      schema: {
        params,
        description:
          "The portal's lease deed of the allotment: the parties, the plot, the premium, the term and the covenants, " +
          "in the holder's language; the deed the holder may sign with Aadhaar eSign (POST " +
          '/allotments/{id}/lease-deed/esign). Made and stored the first time it is asked for; the same bytes after. ' +
          'The X-Verification-Code header carries the code printed on it.',
      },
    },
    async (request, reply) => {
      const row = await leaseDeedFor(issuingContext(app, request), currentUser(request), request.params.id);
      const fileName = downloadName(row);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-verification-code', row.verificationCode)
        .send(app.storage.open(row.storageKey));
    },
  );
};
