/** The allottee's Aadhaar eSign of the lease deed (decision 035): POST /allotments/{id}/lease-deed/esign starts it, and
 * POST /esign/response takes the ESP's answer the browser posts back. Mounted at /api with full paths. */
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ESIGN_RESPONSES_PER_MINUTE,
  ESIGN_RESULT_QUERY,
  errorBodySchema,
  leaseDeedEsignStartSchema,
  ROUTES,
} from '@portal/contract';
import { tooManyRequests } from '../../../core/http-error';
import { createAttemptLimiter } from '../../../lib/attempt-limiter';
import { currentUser, requirePermission, type CurrentUser } from '../../../plugins/auth';
import {
  completeLeaseDeedEsign,
  ESIGN_RESPONSE_PATH,
  startLeaseDeedEsign,
  type EsignContext,
  type IssuedDeed,
} from './service';

const params = z.object({ id: z.uuid() });

/** Issues (or reads) the allotment's lease deed for the user: the documents area's, handed over by the composition
 * (modules/index.ts), since modules never import each other. */
export type IssueLeaseDeed = (
  app: FastifyInstance,
) => (request: FastifyRequest, user: CurrentUser, allotmentId: string) => Promise<IssuedDeed>;

/** The allottee's application page, where the result is told. */
function resultPage(applicationId: string | null, result: string): string {
  const page = applicationId ? ROUTES.applicationDetail.path.replace(':id', applicationId) : ROUTES.myApplications.path;
  return `${page}?${new URLSearchParams({ [ESIGN_RESULT_QUERY]: result }).toString()}`;
}

export const leaseDeedEsignRoutes =
  (issueLeaseDeed: IssueLeaseDeed): FastifyPluginAsyncZod =>
  async (app) => {
    const issue = issueLeaseDeed(app);
    const limiter = createAttemptLimiter(app.db, 'esign-response:address', ESIGN_RESPONSES_PER_MINUTE);
    const context = (request: FastifyRequest): EsignContext => ({
      db: app.db,
      storage: app.storage,
      esign: app.esign,
      portalUrl: (app.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, ''),
    });

    app.post(
      '/allotments/:id/lease-deed/esign',
      {
        preHandler: requirePermission('upload:lease-deed:own'),
        schema: {
          params,
          description:
            "Starts the holder's Aadhaar eSign of the portal's lease deed instead of an upload: the deed prepared for " +
            "the holder's signature and the ASP-signed eSign 2.1 request, which the browser posts to esp_url in the " +
            'form field esign_request_field. Only while the lease deed is due (as for an upload); 409 esign_pending ' +
            'while an earlier eSign of it has not expired. The ESP sends the browser back to POST /esign/response.',
          response: { 201: leaseDeedEsignStartSchema, 409: errorBodySchema },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const started = await startLeaseDeedEsign(context(request), user, request.params.id, () =>
          issue(request, user, request.params.id),
        );
        return reply.status(201).send(started);
      },
    );

    // The ESP's page posts the browser here (form-encoded, no token): the answer is believed through the ESP's XML
    // signature and the pending transaction it names. Always a 303 to the allottee's page with the result.
    app.post(ESIGN_RESPONSE_PATH.replace(/^\/api/, ''), { schema: { hide: true } }, async (request, reply) => {
      if (!(await limiter.tryAttempt(request.ip))) {
        throw tooManyRequests('Too many eSign answers from this address. Please wait a minute and try again.', 60);
      }
      const outcome = await completeLeaseDeedEsign(context(request), request.body, (message) =>
        request.log.warn(message),
      );
      return reply.redirect(resultPage(outcome.applicationId, outcome.result), 303);
    });
  };
