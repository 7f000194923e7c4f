/** Appeals to the head office: POST and GET /applications/{id}/appeals (the applicant files one; whether one may be
 * filed, and the application's appeals), GET /appeals (the appellate officer's list), GET /appeals/by-stage (appeals
 * counted against each stage over the last 90 days), GET /appeals/{id}, POST /appeals/{id}/hearing and /order.
 * Mounted at /api with full paths. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appealHearingRequestSchema,
  appealListQuerySchema,
  appealOrderRequestSchema,
  appealSchema,
  appealStageFiguresSchema,
  applicationAppealsSchema,
  fileAppealRequestSchema,
} from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import {
  appealFigures,
  decideAppeal,
  fileAppeal,
  getAppeal,
  getApplicationAppeals,
  listAppeals,
  recordHearing,
} from './service';

const params = z.object({ id: z.uuid() });

export const appealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/applications/:id/appeals',
    {
      preHandler: requirePermission('file:appeal:own'),
      schema: { params, body: fileAppealRequestSchema, response: { 201: appealSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await fileAppeal(app.db, currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/applications/:id/appeals',
    { preHandler: requireAuth, schema: { params, response: { 200: applicationAppealsSchema } } },
    async (request) => getApplicationAppeals(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/appeals',
    {
      preHandler: requirePermission('read:appeals'),
      schema: { querystring: appealListQuerySchema, response: { 200: z.array(appealSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listAppeals(app.db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/appeals/by-stage',
    { preHandler: requirePermission('read:appeals'), schema: { response: { 200: appealStageFiguresSchema } } },
    async () => appealFigures(app.db),
  );

  app.get(
    '/appeals/:id',
    { preHandler: requirePermission('read:appeals'), schema: { params, response: { 200: appealSchema } } },
    async (request) => getAppeal(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/appeals/:id/hearing',
    {
      preHandler: requirePermission('decide:appeal'),
      schema: { params, body: appealHearingRequestSchema, response: { 200: appealSchema } },
    },
    async (request) => recordHearing(app.db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/appeals/:id/order',
    {
      preHandler: requirePermission('decide:appeal'),
      schema: { params, body: appealOrderRequestSchema, response: { 200: appealSchema } },
    },
    async (request) => decideAppeal(app.db, currentUser(request), request.params.id, request.body),
  );
};
