/** GET /assets, /assets/available (pages of the list protocol), /assets/zones, /assets/map?zone= (a zone's plot
 * layout), /assets/{id}; creation, editing and CSV import for ho and admin (manage:assets). */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetImportRefusalSchema,
  assetImportReportSchema,
  assetListQuerySchema,
  assetSchema,
  createAssetRequestSchema,
  errorBodySchema,
  extensionOf,
  MAX_UPLOAD_BYTES,
  updateAssetRequestSchema,
  zoneListSchema,
  zoneMapQuerySchema,
  zoneMapSchema,
} from '@portal/contract';
import { requireAuth, requirePermission } from '../../../plugins/auth';
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from '../../../core/http-error';
import { sendPage } from '../../../core/list-page';
import { unreadableMultipart } from '../../../lib/uploads';
import { findAssetById, toAsset } from '../../../repositories/assets';
import { createAsset, editAsset, getZoneMap, importAssetsFromCsv, listAssets, listZones } from './service';

const CSV_CONTENT_TYPES = ['text/csv', 'application/csv'];

/** The CSV text of an import: a multipart part named `file` (a .csv), or the whole body sent as text/csv. */
async function receiveCsv(request: FastifyRequest): Promise<string> {
  let bytes: Buffer;
  if (request.isMultipart()) {
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }).catch((error: unknown) => {
      throw unreadableMultipart(error);
    });
    if (!part || part.fieldname !== 'file') throw badRequest('Please select a file');
    if (extensionOf(part.filename) !== 'csv') {
      part.file.resume();
      throw unsupportedMediaType('This file type is not accepted. Accepted types: CSV');
    }
    bytes = await part.toBuffer().catch((error: unknown) => {
      throw unreadableMultipart(error);
    });
    if (part.file.truncated) throw payloadTooLarge('File size should not exceed 5MB');
  } else if (typeof request.body === 'string') {
    bytes = Buffer.from(request.body, 'utf8');
  } else {
    throw unsupportedMediaType('Send the CSV as multipart/form-data (field "file") or as a text/csv body');
  }
  if (bytes.length === 0) throw badRequest('The file is empty');
  // Text only: a NUL byte or broken UTF-8 means a binary file renamed to .csv.
  if (bytes.includes(0)) throw unsupportedMediaType("The file's content is not a valid CSV file");
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unsupportedMediaType("The file's content is not a valid CSV file (save it as UTF-8)");
  }
}

export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    CSV_CONTENT_TYPES,
    { parseAs: 'string', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  const listSchema = { querystring: assetListQuerySchema, response: { 200: z.array(assetSchema) } };

  app.get('/', { preHandler: requireAuth, schema: listSchema }, async (request, reply) =>
    sendPage(request, reply, await listAssets(app.db, request.query), request.query),
  );

  // The same list with the status fixed: whatever `status` the query names, only available assets come back.
  app.get('/available', { preHandler: requireAuth, schema: listSchema }, async (request, reply) =>
    sendPage(request, reply, await listAssets(app.db, { ...request.query, status: ['available'] }), request.query),
  );

  app.get('/zones', { preHandler: requireAuth, schema: { response: { 200: zoneListSchema } } }, async () =>
    listZones(app.db),
  );

  // Every asset's facts are public to a signed-in user already (GET /assets); the map adds only its place.
  app.get(
    '/map',
    { preHandler: requireAuth, schema: { querystring: zoneMapQuerySchema, response: { 200: zoneMapSchema } } },
    async (request) => getZoneMap(app.db, request.query.zone),
  );

  app.get(
    '/:id',
    { preHandler: requireAuth, schema: { params: z.object({ id: z.uuid() }), response: { 200: assetSchema } } },
    async (request) => {
      const row = await findAssetById(app.db, request.params.id);
      if (!row) throw notFound('Asset not found');
      return toAsset(row);
    },
  );

  app.post(
    '/',
    {
      preHandler: requirePermission('manage:assets'),
      schema: { body: createAssetRequestSchema, response: { 201: assetSchema } },
    },
    async (request, reply) => reply.status(201).send(await createAsset(app.db, request.body)),
  );

  app.patch(
    '/:id',
    {
      preHandler: requirePermission('manage:assets'),
      schema: {
        params: z.object({ id: z.uuid() }),
        body: updateAssetRequestSchema,
        response: { 200: assetSchema },
      },
    },
    async (request) => editAsset(app.db, request.params.id, request.body),
  );

  app.post(
    '/import',
    {
      preHandler: requirePermission('manage:assets'),
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: { response: { 201: assetImportReportSchema, 422: z.union([assetImportRefusalSchema, errorBodySchema]) } },
    },
    async (request, reply) => {
      const outcome = await importAssetsFromCsv(app.db, await receiveCsv(request));
      // The refusal carries the row-by-row report beside the detail, so it is answered here, not thrown.
      if (!outcome.ok) return reply.status(422).send(outcome.refusal);
      return reply.status(201).send(outcome.report);
    },
  );
};
