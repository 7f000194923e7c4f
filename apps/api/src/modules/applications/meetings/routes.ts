/** Committee meetings: GET/POST /meetings (committee, ho, admin). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMeetingRequestSchema, meetingListQuerySchema, meetingSchema } from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { currentUser, requirePermission } from '../../../plugins/auth';
import { createMeeting, listAllMeetings } from './service';

export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requirePermission('manage:meetings'),
      schema: { querystring: meetingListQuerySchema, response: { 200: z.array(meetingSchema) } },
    },
    async (request, reply) => sendPage(request, reply, await listAllMeetings(app.db, request.query), request.query),
  );

  app.post(
    '/',
    {
      preHandler: requirePermission('manage:meetings'),
      schema: { body: createMeetingRequestSchema, response: { 201: meetingSchema } },
    },
    async (request, reply) => reply.status(201).send(await createMeeting(app.db, currentUser(request), request.body)),
  );
};
