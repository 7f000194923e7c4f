/** Committee meetings: GET/POST /meetings (committee, ho, admin). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMeetingRequestSchema, meetingSchema } from '@portal/contract';
import { currentUser, requirePermission } from '../../plugins/auth';
import { createMeeting, listAllMeetings } from './service';

export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requirePermission('manage:meetings'),
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(1000).optional(),
          offset: z.coerce.number().int().min(0).optional(),
        }),
        response: { 200: z.array(meetingSchema) },
      },
    },
    async (request) => listAllMeetings(app.db, request.query),
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
