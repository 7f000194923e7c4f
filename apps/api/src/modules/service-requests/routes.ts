/** Service requests raised by entrepreneurs. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const serviceRequestRoutes: FastifyPluginAsyncZod = async () => {};
