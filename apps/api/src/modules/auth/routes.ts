/** POST /auth/login (form-encoded), GET /auth/me, POST /auth/register, POST /auth/logout, POST
 * /auth/change-password, POST /auth/forgot-password and POST /auth/reset-password. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  logoutRequestSchema,
  meSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenResponseSchema,
  updateMeRequestSchema,
  userSchema,
} from '@portal/contract';
import { currentUser, requireAuth } from '../../plugins/auth';
import { findUserById, toMe, updateUserLanguage } from '../../repositories/users';
import { createAttemptLimiter } from '../../lib/attempt-limiter';
import { notFound, tooManyRequests, unauthorized } from '../../core/http-error';
import { scheduleAccountCleanup } from './cleanup';
import { changePassword, login, logout, register, requestPasswordReset, resetPassword } from './service';

/** Reset mails for one email per minute: enough to ask again, too few to flood a mailbox. */
const RESET_MAILS_PER_EMAIL_PER_MINUTE = 2;

const noContent = { 204: z.null().describe('Done; no body.') };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Links in mail point at PUBLIC_URL; without it, at this server on localhost (a development set-up). Never at the
   * request's Host header, which the caller chooses: a forged one would mail the victim a link to the caller's site. */
  const mailBaseUrl = () => {
    if (app.publicUrl) return app.publicUrl.replace(/\/+$/, '');
    const address = app.server.address();
    return `http://localhost:${address && typeof address === 'object' ? address.port : 8000}`;
  };
  // One office may sit behind one address, so an address gets more attempts than one email.
  const emailLimiter = createAttemptLimiter(app.db, 'sign-in:email', app.loginAttemptsPerMinute);
  const addressLimiter = createAttemptLimiter(app.db, 'sign-in:address', app.loginAttemptsPerMinute * 5);
  const resetEmailLimiter = createAttemptLimiter(app.db, 'password-reset:email', RESET_MAILS_PER_EMAIL_PER_MINUTE);
  // The windows are one minute long, so a minute is always long enough to wait.
  const tooMany = () => tooManyRequests('Too many sign-in attempts. Please wait a minute and try again.', 60);
  const tooManyResets = () => tooManyRequests('Too many password reset requests. Please wait a minute.', 60);
  // Dead sessions, expired links and stale lock keys go every ten minutes, in one process at a time.
  const cleanup = scheduleAccountCleanup(app.db, (error) => app.log.warn({ err: error }, 'accounts clean-up'));
  app.addHook('onClose', () => cleanup.stop());

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

  app.get('/me', { preHandler: requireAuth, schema: { response: { 200: meSchema } } }, async (request) => {
    const row = await findUserById(app.db, currentUser(request).id);
    if (!row) throw notFound();
    return toMe(row);
  });

  app.patch(
    '/me',
    { preHandler: requireAuth, schema: { body: updateMeRequestSchema, response: { 200: meSchema } } },
    async (request) => {
      // In a transaction, so the audit trail records who changed it (db/audit-context.ts).
      const row = await app.db.transaction((tx) =>
        updateUserLanguage(tx, currentUser(request).id, request.body.language),
      );
      if (!row) throw notFound();
      return toMe(row);
    },
  );

  app.post(
    '/register',
    { schema: { body: registerRequestSchema, response: { 201: userSchema } } },
    async (request, reply) => {
      if (!(await addressLimiter.tryAttempt(`register:${request.ip}`))) throw tooMany();
      return reply.status(201).send(await register(app.db, request.body));
    },
  );

  app.post(
    '/logout',
    { preHandler: requireAuth, schema: { body: logoutRequestSchema, response: noContent } },
    async (request, reply) => {
      if (!request.sessionId) throw unauthorized();
      await logout(app.db, currentUser(request), request.sessionId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/change-password',
    { preHandler: requireAuth, schema: { body: changePasswordRequestSchema, response: noContent } },
    async (request, reply) => {
      if (!request.sessionId) throw unauthorized();
      await changePassword(app.db, currentUser(request), request.sessionId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/forgot-password',
    { schema: { body: forgotPasswordRequestSchema, response: { 202: forgotPasswordResponseSchema } } },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      if (!(await addressLimiter.tryAttempt(`password-reset:${request.ip}`))) throw tooManyResets();
      if (!(await resetEmailLimiter.tryAttempt(email))) throw tooManyResets();
      await requestPasswordReset(app.db, email, mailBaseUrl());
      return reply.status(202).send(FORGOT_PASSWORD_ANSWER);
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: resetPasswordRequestSchema, response: noContent } },
    async (request, reply) => {
      if (!(await addressLimiter.tryAttempt(`password-reset:${request.ip}`))) throw tooManyResets();
      await resetPassword(app.db, request.body);
      return reply.status(204).send(null);
    },
  );
};
