/** GET /account/mobile, POST /account/mobile/code (a verification code to a number), POST /account/mobile/verify,
 * DELETE /account/mobile and PUT /account/sms-preferences: the signed-in user's own mobile and SMS choices. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODE_SENT_ANSWER,
  codeSentResponseSchema,
  mobileCodeRequestSchema,
  mobileRequestSchema,
  mobileSettingsSchema,
  ONE_TIME_CODE,
  smsPreferencesRequestSchema,
} from '@portal/contract';
import { createAttemptLimiter } from '../../lib/attempt-limiter';
import { tooManyRequests } from '../../core/http-error';
import { currentUser, requirePermission } from '../../plugins/auth';
import { forgetMobile, mobileSettings, sendVerificationCode, updateSmsPreferences, verifyMobile } from './service';

const HOUR_MS = 60 * 60_000;

export const mobileRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requirePermission('manage:mobile:own');
  const perNumber = createAttemptLimiter(app.db, 'sms-code:number', ONE_TIME_CODE.perNumberPerHour, HOUR_MS);
  const perAccount = createAttemptLimiter(app.db, 'sms-code:account', ONE_TIME_CODE.perAddressPerHour, HOUR_MS);
  // The same hourly count per address as sign-in's codes: one address cannot have codes sent to many numbers.
  const perAddress = createAttemptLimiter(app.db, 'sms-code:address', ONE_TIME_CODE.perAddressPerHour, HOUR_MS);
  const tooMany = () => tooManyRequests('Too many codes asked for. Please wait and try again later.', 3600);

  app.get('/mobile', { preHandler: guard, schema: { response: { 200: mobileSettingsSchema } } }, async (request) =>
    mobileSettings(app.db, currentUser(request)),
  );

  app.post(
    '/mobile/code',
    { preHandler: guard, schema: { body: mobileRequestSchema, response: { 202: codeSentResponseSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      if (!(await perAddress.tryAttempt(request.ip))) throw tooMany();
      if (!(await perAccount.tryAttempt(user.id))) throw tooMany();
      if (!(await perNumber.tryAttempt(request.body.mobile))) throw tooMany();
      await sendVerificationCode(app.db, app.sms.secretKey, user, request.body.mobile);
      return reply.status(202).send(CODE_SENT_ANSWER);
    },
  );

  app.post(
    '/mobile/verify',
    { preHandler: guard, schema: { body: mobileCodeRequestSchema, response: { 200: mobileSettingsSchema } } },
    async (request) =>
      verifyMobile(app.db, app.sms.secretKey, currentUser(request), request.body.mobile, request.body.code),
  );

  app.delete('/mobile', { preHandler: guard, schema: { response: { 200: mobileSettingsSchema } } }, async (request) =>
    forgetMobile(app.db, currentUser(request)),
  );

  app.put(
    '/sms-preferences',
    { preHandler: guard, schema: { body: smsPreferencesRequestSchema, response: { 200: mobileSettingsSchema } } },
    async (request) => updateSmsPreferences(app.db, currentUser(request), request.body),
  );
};
