/** /sms/delivery-reports/{token}: the provider's delivery reports (GET as Gupshup's real-time DLR URL calls it, POST
 * with its JSON array of events), believed only on the URL holding the configured secret (403, nothing written,
 * otherwise). /sms/outbox and /sms/outbox/summary: the admins' SMS outbox (read:outbox). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsMessageSchema, smsOutboxListQuerySchema, smsSummarySchema } from '@portal/contract';
import { HttpError } from '../../core/http-error';
import { sendPage } from '../../core/list-page';
import { dlrTokenMatches } from '../../lib/sms/config';
import { requirePermission } from '../../plugins/auth';
import { listSms, smsSummary, takeDeliveryReports } from './service';

const text = (max: number) => z.string().max(max);
const count = z.coerce.number().int().min(0).max(1000);
const getReportSchema = z.object({
  externalId: text(200).min(1),
  status: text(40).min(1),
  deliveredTS: z.coerce.number().int().optional(),
  cause: text(200).optional(),
  phoneNo: text(20).optional(),
  errCode: text(40).optional(),
  noOfFrags: count.optional(),
  mask: text(20).optional(),
});
const postEventSchema = z.object({
  externalId: z.union([text(200), z.number()]).transform(String),
  eventType: text(40).min(1),
  eventTs: z.coerce.number().int().optional(),
  destAddr: z.union([text(20), z.number()]).optional(),
  srcAddr: text(20).optional(),
  cause: text(200).optional(),
  errCode: z
    .union([text(40), z.number()])
    .transform(String)
    .optional(),
  channel: text(20).optional(),
  noOfFrags: count.optional(),
});
const tokenParams = z.object({ token: text(200) });
const reportAnswer = z.object({ received: z.number().int(), matched: z.number().int() });

export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const refuseUnlessProvider = (token: string) => {
    if (!dlrTokenMatches(app.sms, token))
      throw new HttpError(403, 'This delivery report did not come from the SMS provider', 'delivery_report_refused');
  };

  app.get(
    '/delivery-reports/:token',
    { schema: { hide: true, params: tokenParams, querystring: getReportSchema, response: { 200: reportAnswer } } },
    async (request) => {
      refuseUnlessProvider(request.params.token);
      const q = request.query;
      const matched = await takeDeliveryReports(app.db, [
        {
          externalId: q.externalId,
          status: q.status,
          cause: q.cause ?? null,
          errCode: q.errCode ?? null,
          noOfFrags: q.noOfFrags ?? null,
          deliveredTs: q.deliveredTS ?? null,
        },
      ]);
      return { received: 1, matched };
    },
  );

  app.post(
    '/delivery-reports/:token',
    {
      schema: {
        hide: true,
        params: tokenParams,
        body: z.array(postEventSchema).max(20),
        response: { 200: reportAnswer },
      },
    },
    async (request) => {
      refuseUnlessProvider(request.params.token);
      const matched = await takeDeliveryReports(
        app.db,
        request.body.map((event) => ({
          externalId: event.externalId,
          status: event.eventType,
          cause: event.cause ?? null,
          errCode: event.errCode ?? null,
          noOfFrags: event.noOfFrags ?? null,
          deliveredTs: event.eventTs ?? null,
        })),
      );
      return { received: request.body.length, matched };
    },
  );

  app.get(
    '/outbox',
    {
      preHandler: requirePermission('read:outbox'),
      schema: { querystring: smsOutboxListQuerySchema, response: { 200: z.array(smsMessageSchema) } },
    },
    async (request, reply) => sendPage(request, reply, await listSms(app.db, request.query), request.query),
  );

  app.get(
    '/outbox/summary',
    { preHandler: requirePermission('read:outbox'), schema: { response: { 200: smsSummarySchema } } },
    async () =>
      smsSummary(app.db, {
        name: app.sms.mode,
        sandboxUrl: app.sms.mode === 'sandbox' ? new URL(app.sms.apiUrl).origin : null,
      }),
  );
};
