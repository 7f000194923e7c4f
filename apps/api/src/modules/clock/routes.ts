/** /admin/clock: the portal's clock (decision 026), for admins: reading it, and moving it forward when the portal
 * runs with CLOCK=movable. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clockAdvanceBodySchema, clockAdvanceResultSchema, portalClockSchema } from '@portal/contract';
import { currentUser, requirePermission } from '../../plugins/auth';
import { advanceClock, readClock } from './service';

export const clockRoutes: FastifyPluginAsyncZod = async (app) => {
  const setup = () => ({ movable: app.clockMovable, sweeps: app.sweeps });

  app.get(
    '/',
    { preHandler: requirePermission('manage:clock'), schema: { response: { 200: portalClockSchema } } },
    async () => readClock(app.db, setup()),
  );

  app.post(
    '/advance',
    {
      preHandler: requirePermission('manage:clock'),
      schema: { body: clockAdvanceBodySchema, response: { 200: clockAdvanceResultSchema } },
    },
    async (request) => advanceClock(app.db, setup(), currentUser(request).id, request.body, request.log),
  );
};
