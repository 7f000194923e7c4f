/** POST /auth/login (form-encoded), GET /auth/me, POST /auth/register. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequestSchema, registerRequestSchema, tokenResponseSchema, userSchema } from '@portal/contract';
import { currentUser, requireAuth } from '../../plugins/auth';
import { findUserById, toUser } from '../../repositories/users';
import { createAttemptLimiter } from '../../lib/attempt-limiter';
import { notFound, tooManyRequests } from '../../lib/http-error';
import { login, register } from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // One office may sit behind one address, so an address gets more attempts than one email.
  const emailLimiter = createAttemptLimiter(app.db, 'sign-in:email', app.loginAttemptsPerMinute);
  const addressLimiter = createAttemptLimiter(app.db, 'sign-in:address', app.loginAttemptsPerMinute * 5);
  // The windows are one minute long, so a minute is always long enough to wait.
  const tooMany = () => tooManyRequests('Too many sign-in attempts. Please wait a minute and try again.', 60);

  app.post(
    '/login',
    { schema: { body: loginRequestSchema, response: { 200: tokenResponseSchema } } },
    async (request) => {
      const email = request.body.username.trim().toLowerCase();
      // Both keys are counted, so neither one address nor one email can be hammered. An address past its limit is
      // refused before its email is counted: its attempts check no password, and one address cannot fill the
      // counters with a new email per request.
      if (!(await addressLimiter.tryAttempt(request.ip))) throw tooMany();
      if (!(await emailLimiter.tryAttempt(email))) throw tooMany();
      const token = await login(app.db, app.tokens, email, request.body.password);
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
    { schema: { body: registerRequestSchema, response: { 201: userSchema } } },
    async (request, reply) => {
      if (!(await addressLimiter.tryAttempt(`register:${request.ip}`))) throw tooMany();
      return reply.status(201).send(await register(app.db, request.body));
    },
  );
};
