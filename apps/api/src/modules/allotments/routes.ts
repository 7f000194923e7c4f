/** Allotments, lease deeds and possession. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const allotmentRoutes: FastifyPluginAsyncZod = async () => {};
