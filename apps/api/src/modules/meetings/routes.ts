/** Committee meetings. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const meetingRoutes: FastifyPluginAsyncZod = async () => {};
