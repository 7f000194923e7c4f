/** The entrepreneur's applications: list, get, create, submit, documents, timeline. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const applicationRoutes: FastifyPluginAsyncZod = async () => {};
