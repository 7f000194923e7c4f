/** Applicant profiles: GET/PUT /applicants/me, POST /applicants, GET /applicants/{id}. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const applicantRoutes: FastifyPluginAsyncZod = async () => {};
