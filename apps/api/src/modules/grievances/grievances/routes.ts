/** Grievances (decision 038): POST /grievances (raise), GET /grievances (the caller's own), GET /grievances/inbox (the
 * officers'), GET /grievances/{id}, POST /grievances/{id}/actions (reply, ask for detail, answer, resolve, reopen,
 * rate), POST /grievances/{id}/attachments and GET /grievances/{id}/attachments/{fileId}/file, and the public figures
 * GET /public/grievance-figures. Mounted at /api with full paths. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  errorBodySchema,
  extensionOf,
  GRIEVANCE_ATTACHMENT_EXTENSIONS,
  grievanceActionRequestSchema,
  grievanceFiguresSchema,
  grievanceListQuerySchema,
  grievanceSchema,
  grievanceSummarySchema,
  isAcceptedExtension,
  MAX_UPLOAD_BYTES,
  PERFORMANCE_REQUESTS_PER_MINUTE,
  raiseGrievanceRequestSchema,
} from '@portal/contract';
import { sendPage } from '../../../core/list-page';
import { badRequest, payloadTooLarge, tooManyRequests, unprocessable } from '../../../core/http-error';
import { createAttemptLimiter } from '../../../lib/attempt-limiter';
import { bytesMatchExtension, CONTENT_TYPES, sanitiseFileName } from '../../../lib/file-signatures';
import { unreadableMultipart, type ReceivedFile } from '../../../lib/uploads';
import { currentUser, requireAuth, requirePermission } from '../../../plugins/auth';
import {
  actOnGrievance,
  attachToGrievance,
  getGrievance,
  grievanceFigures,
  listGrievanceInbox,
  listMyGrievances,
  openGrievanceAttachment,
  raiseGrievance,
} from './service';

const params = z.object({ id: z.uuid() });
const ACCEPTED = GRIEVANCE_ATTACHMENT_EXTENSIONS.map((ext) => ext.toUpperCase()).join(', ');

/** Keeps the original name: an ASCII fallback plus the UTF-8 form. */
function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The one file of a multipart body, its type judged by its name before its bytes are read (a file of a type not
 * accepted is refused 422 whatever its size), then its size (413) and its content against its type (422). */
async function receiveGrievanceFile(request: FastifyRequest): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw unprocessable('Send the file as multipart/form-data', 'validation_failed');
  let file: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      const fileName = sanitiseFileName(part.filename);
      if (part.fieldname !== 'file' || !isAcceptedExtension(fileName, GRIEVANCE_ATTACHMENT_EXTENSIONS)) {
        part.file.resume();
        throw unprocessable(`This file type is not accepted. Accepted types: ${ACCEPTED}`, 'file_type_not_accepted');
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES) {
        throw payloadTooLarge('File size should not exceed 5MB');
      }
      file = { fileName, bytes };
    }
  } catch (error) {
    throw unreadableMultipart(error);
  }
  if (!file) throw badRequest('Please select a file');
  if (file.bytes.length === 0) throw badRequest('The file is empty');
  const extension = extensionOf(file.fileName);
  if (!bytesMatchExtension(file.bytes, extension)) {
    throw unprocessable(`The file's content is not a valid ${extension.toUpperCase()} file`, 'file_type_not_accepted');
  }
  return { ...file, extension, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', fields: {} };
}

export const grievanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createAttemptLimiter(app.db, 'grievance-figures:address', PERFORMANCE_REQUESTS_PER_MINUTE);

  app.post(
    '/grievances',
    {
      preHandler: requirePermission('raise:grievance:own'),
      schema: { body: raiseGrievanceRequestSchema, response: { 201: grievanceSchema } },
    },
    async (request, reply) => reply.status(201).send(await raiseGrievance(app.db, currentUser(request), request.body)),
  );

  app.get(
    '/grievances',
    {
      preHandler: requirePermission('raise:grievance:own'),
      schema: { querystring: grievanceListQuerySchema, response: { 200: z.array(grievanceSummarySchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listMyGrievances(app.db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/grievances/inbox',
    {
      preHandler: requirePermission('work:grievance'),
      schema: { querystring: grievanceListQuerySchema, response: { 200: z.array(grievanceSummarySchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listGrievanceInbox(app.db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/grievances/:id',
    { preHandler: requireAuth, schema: { params, response: { 200: grievanceSchema } } },
    async (request) => getGrievance(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/grievances/:id/actions',
    {
      preHandler: requireAuth,
      schema: { params, body: grievanceActionRequestSchema, response: { 200: grievanceSchema } },
    },
    async (request) => actOnGrievance(app.db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/grievances/:id/attachments',
    { preHandler: requirePermission('raise:grievance:own'), schema: { params, response: { 201: grievanceSchema } } },
    async (request, reply) => {
      const file = await receiveGrievanceFile(request);
      return reply
        .status(201)
        .send(await attachToGrievance(app.db, app.storage, currentUser(request), request.params.id, file));
    },
  );

  app.get(
    '/grievances/:id/attachments/:fileId/file',
    { preHandler: requireAuth, schema: { params: params.extend({ fileId: z.uuid() }) } },
    async (request, reply) => {
      const file = await openGrievanceAttachment(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.fileId,
      );
      return reply
        .type(CONTENT_TYPES[extensionOf(file.fileName)] ?? 'application/octet-stream')
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(app.storage.open(file.storageKey));
    },
  );

  app.get(
    '/public/grievance-figures',
    {
      schema: {
        description:
          'Grievances per month and category over the last three months: received, resolved by their promised day ' +
          'and reopened. Counts only, no one named. Limited per address.',
        response: { 200: grievanceFiguresSchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      if (!(await limiter.tryAttempt(request.ip))) {
        throw tooManyRequests('Too many look-ups of the grievance figures. Please wait a minute.', 60);
      }
      return grievanceFigures(app.db);
    },
  );
};
