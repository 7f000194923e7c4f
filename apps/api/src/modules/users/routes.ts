/** GET /users (officers, for assignment) and the admin's account management. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUserRequestSchema, updateUserRequestSchema, userListQuerySchema, userSchema } from '@portal/contract';
import { sendPage } from '../../core/list-page';
import { currentUser, requirePermission } from '../../plugins/auth';
import { createUser, listAllUsers, updateUserAccount } from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requirePermission('read:users'),
      schema: { querystring: userListQuerySchema, response: { 200: z.array(userSchema) } },
    },
    async (request, reply) => sendPage(request, reply, await listAllUsers(app.db, request.query), request.query),
  );

  app.post(
    '/',
    {
      preHandler: requirePermission('manage:users'),
      schema: { body: createUserRequestSchema, response: { 201: userSchema } },
    },
    async (request, reply) => reply.status(201).send(await createUser(app.db, currentUser(request), request.body)),
  );

  app.patch(
    '/:id',
    {
      preHandler: requirePermission('manage:users'),
      schema: { params: z.object({ id: z.uuid() }), body: updateUserRequestSchema, response: { 200: userSchema } },
    },
    async (request) => updateUserAccount(app.db, currentUser(request), request.params.id, request.body),
  );
};
