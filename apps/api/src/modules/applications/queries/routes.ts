/** Queries (shortfall letters): raised and listed under /applications/{id}/queries, answered and closed under
 * /queries/{id}. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationQuerySchema,
  createQueryRequestSchema,
  extendQueryRequestSchema,
  queryListQuerySchema,
  queryResponseRequestSchema,
} from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import { answerQuery, closeQuery, extendQuery, listQueries, raiseQuery } from './service';

const idParams = z.object({ id: z.uuid() });

/** Mounted under /applications. */
export const applicationQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/queries',
    {
      preHandler: requirePermission('update:application:status'),
      schema: { params: idParams, body: createQueryRequestSchema, response: { 201: applicationQuerySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await raiseQuery(app.db, currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/:id/queries',
    {
      preHandler: requireAuth,
      schema: {
        params: idParams,
        querystring: queryListQuerySchema,
        response: { 200: z.array(applicationQuerySchema) },
      },
    },
    async (request, reply) =>
      sendPage(
        request,
        reply,
        await listQueries(app.db, currentUser(request), request.params.id, request.query),
        request.query,
      ),
  );
};

/** Mounted under /queries. */
export const queryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/response',
    {
      preHandler: requirePermission('answer:query:own'),
      schema: { params: idParams, body: queryResponseRequestSchema, response: { 200: applicationQuerySchema } },
    },
    async (request) => answerQuery(app.db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/:id/close',
    {
      preHandler: requirePermission('update:application:status'),
      schema: { params: idParams, response: { 200: applicationQuerySchema } },
    },
    async (request) => closeQuery(app.db, currentUser(request), request.params.id),
  );

  // A lapsed query's reply-by date, extended once by an officer who may raise queries.
  app.post(
    '/:id/extend',
    {
      preHandler: requirePermission('update:application:status'),
      schema: { params: idParams, body: extendQueryRequestSchema, response: { 200: applicationQuerySchema } },
    },
    async (request) => extendQuery(app.db, currentUser(request), request.params.id, request.body),
  );
};
