/** Applicant profiles: GET/PUT /applicants/me, POST /applicants, GET /applicants/{id}. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicantProfileRequestSchema, applicantProfileUpdateSchema, applicantSchema } from '@portal/contract';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import { createProfile, getOwnProfile, getProfileById, updateProfile } from './service';

export const applicantRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownProfile = requirePermission('manage:profile:own');

  app.get('/me', { preHandler: ownProfile, schema: { response: { 200: applicantSchema } } }, async (request) =>
    getOwnProfile(app.db, currentUser(request)),
  );

  app.post(
    '/',
    { preHandler: ownProfile, schema: { body: applicantProfileRequestSchema, response: { 201: applicantSchema } } },
    async (request, reply) => reply.status(201).send(await createProfile(app.db, currentUser(request), request.body)),
  );

  app.put(
    '/me',
    { preHandler: ownProfile, schema: { body: applicantProfileUpdateSchema, response: { 200: applicantSchema } } },
    async (request) => updateProfile(app.db, currentUser(request), request.body),
  );

  app.get(
    '/:id',
    { preHandler: requireAuth, schema: { params: z.object({ id: z.uuid() }), response: { 200: applicantSchema } } },
    async (request) => getProfileById(app.db, currentUser(request), request.params.id),
  );
};
