/** Officers' actions on an application: PUT /applications/{id}/status, PUT .../documents/{docId}/verify
 * (a rejection carries its reason) and POST .../notes (internal notes for other officers). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationSchema,
  documentSchema,
  internalNoteRequestSchema,
  rejectDocumentRequestSchema,
  timelineEventSchema,
  updateStatusRequestSchema,
} from '@portal/contract';
import { unprocessable } from '../../../core/http-error';
import { currentUser, requirePermission } from '../../../plugins/auth';
import { addInternalNote, updateStatus, verifyDocument, type DocumentDecision } from './service';

/** verified=true needs no body (one sent is ignored); verified=false needs {reason}, 5 to 500 characters. */
function documentDecision(verified: boolean, body: unknown): DocumentDecision {
  if (verified) return { status: 'verified' };
  const parsed = rejectDocumentRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw unprocessable(`reason: ${issue?.path.length ? issue.message : 'Give the reason for rejecting the document'}`);
  }
  return { status: 'rejected', reason: parsed.data.reason };
}

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
        // Read by documentDecision: a body matters only when rejecting.
        body: z.unknown().optional(),
        response: { 200: documentSchema },
      },
    },
    async (request) =>
      verifyDocument(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.docId,
        documentDecision(request.query.verified === 'true', request.body),
      ),
  );

  app.post(
    '/:id/notes',
    {
      preHandler: requirePermission('add:internal-note'),
      schema: {
        params: z.object({ id: z.uuid() }),
        body: internalNoteRequestSchema,
        response: { 201: timelineEventSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addInternalNote(app.db, currentUser(request), request.params.id, request.body.message)),
  );
};
