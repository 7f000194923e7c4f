/** POST /auth/login (form-encoded), GET /auth/me, POST /auth/register. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequestSchema, registerRequestSchema, tokenResponseSchema, userSchema } from '@portal/contract';
import { currentUser, requireAuth } from '../../plugins/auth';
import { findUserById, toUser } from '../../repositories/users';
import { notFound } from '../../lib/http-error';
import { login, register } from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAddress = {
    max: app.loginAttemptsPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({ statusCode: 429, detail: 'Too many sign-in attempts. Please wait a minute and try again.' }),
  };

  app.post(
    '/login',
    {
      schema: { body: loginRequestSchema, response: { 200: tokenResponseSchema } },
      config: { rateLimit: perAddress },
      preHandler: app.rateLimit({
        ...perAddress,
        keyGenerator: (request) => `email:${String((request.body as { username?: string })?.username ?? '').toLowerCase()}`,
      }),
    },
    async (request) => {
      const token = await login(app.db, app.tokens, request.body.username, request.body.password);
      return { access_token: token, token_type: 'bearer' as const };
    },
  );

  app.get('/me', { preHandler: requireAuth, schema: { response: { 200: userSchema } } }, async (request) => {
    const row = await findUserById(app.db, currentUser(request).id);
    if (!row) throw notFound();
    return toUser(row);
  });

  app.post(
    '/register',
    { schema: { body: registerRequestSchema, response: { 201: userSchema } }, config: { rateLimit: perAddress } },
    async (request, reply) => reply.status(201).send(await register(app.db, request.body)),
  );
};
