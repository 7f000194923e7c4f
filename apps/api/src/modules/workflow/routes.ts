/** Officers' actions on an application: PUT /applications/{id}/status and PUT .../documents/{docId}/verify. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationSchema, documentSchema, updateStatusRequestSchema } from '@portal/contract';
import { currentUser, requirePermission } from '../../plugins/auth';
import { updateStatus, verifyDocument } from './service';

export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id/status',
    {
      preHandler: requirePermission('update:application:status', 'record:decision'),
      schema: {
        params: z.object({ id: z.uuid() }),
        body: updateStatusRequestSchema,
        response: { 200: applicationSchema },
      },
    },
    async (request) => updateStatus(app.db, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/:id/documents/:docId/verify',
    {
      preHandler: requirePermission('verify:document'),
      schema: {
        params: z.object({ id: z.uuid(), docId: z.uuid() }),
        querystring: z.object({ verified: z.enum(['true', 'false']) }),
        response: { 200: documentSchema },
      },
    },
    async (request) =>
      verifyDocument(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.docId,
        request.query.verified === 'true',
      ),
  );
};
