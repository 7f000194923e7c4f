/** Officers' actions on an application: status updates and document verification. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const workflowRoutes: FastifyPluginAsyncZod = async () => {};
