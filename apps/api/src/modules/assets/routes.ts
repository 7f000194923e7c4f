/** GET /assets, /assets/available, /assets/{id}; creation and import for ho and admin. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assetSchema } from '@portal/contract';
import { requireAuth } from '../../plugins/auth';
import { notFound } from '../../lib/http-error';
import { findAssetById, listAssets, toAsset } from '../../repositories/assets';

export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { preHandler: requireAuth, schema: { response: { 200: z.array(assetSchema) } } }, async () =>
    (await listAssets(app.db)).map(toAsset),
  );

  app.get('/available', { preHandler: requireAuth, schema: { response: { 200: z.array(assetSchema) } } }, async () =>
    (await listAssets(app.db, 'available')).map(toAsset),
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
};
