/** POST /auth/code (ask for a sign-in code by SMS) and POST /auth/code/sign-in (sign in with it), decision 037. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODE_SENT_ANSWER,
  codeSentResponseSchema,
  mobileCodeRequestSchema,
  mobileRequestSchema,
  ONE_TIME_CODE,
  tokenResponseSchema,
} from '@portal/contract';
import { createAttemptLimiter } from '../../lib/attempt-limiter';
import { tooManyRequests } from '../../core/http-error';
import { requestSignInCode, signInWithCode } from './sign-in-by-code-service';

const HOUR_MS = 60 * 60_000;

export const signInByCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const perNumber = createAttemptLimiter(app.db, 'sms-code:number', ONE_TIME_CODE.perNumberPerHour, HOUR_MS);
  const perAddress = createAttemptLimiter(app.db, 'sms-code:address', ONE_TIME_CODE.perAddressPerHour, HOUR_MS);
  // Guesses from one address, whatever the numbers: the per-number lock stops guessing one number.
  const checksPerAddress = createAttemptLimiter(app.db, 'sms-code-check:address', app.loginAttemptsPerMinute * 5);
  const tooMany = () => tooManyRequests('Too many codes asked for. Please wait and try again later.', 3600);

  app.post(
    '/code',
    { schema: { body: mobileRequestSchema, response: { 202: codeSentResponseSchema } } },
    async (request, reply) => {
      const { mobile } = request.body;
      // The address first: one address cannot fill the counters with a new number per request.
      if (!(await perAddress.tryAttempt(request.ip))) throw tooMany();
      if (!(await perNumber.tryAttempt(mobile))) throw tooMany();
      await requestSignInCode(app.db, app.sms.secretKey, mobile);
      return reply.status(202).send(CODE_SENT_ANSWER);
    },
  );

  app.post(
    '/code/sign-in',
    { schema: { body: mobileCodeRequestSchema, response: { 200: tokenResponseSchema } } },
    async (request) => {
      if (!(await checksPerAddress.tryAttempt(request.ip)))
        throw tooManyRequests('Too many sign-in attempts. Please wait a minute and try again.', 60);
      const token = await signInWithCode(app.db, app.tokens, app.sms.secretKey, request.body.mobile, request.body.code);
      return { access_token: token, token_type: 'bearer' as const };
    },
  );
};
