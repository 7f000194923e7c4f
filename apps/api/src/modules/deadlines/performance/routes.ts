/** GET /public/performance: the corporation's service standards and how it meets them, for anyone, signed in or
 * not (one stored row a day; see snapshot.ts). Limited per address like the public verification. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, PERFORMANCE_REQUESTS_PER_MINUTE, publicPerformanceSchema } from '@portal/contract';
import { tooManyRequests } from '../../../core/http-error';
import { createAttemptLimiter } from '../../../lib/attempt-limiter';
import { publicPerformance } from './service';

export const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiter = createAttemptLimiter(app.db, 'performance:address', PERFORMANCE_REQUESTS_PER_MINUTE);

  app.get(
    '/performance',
    {
      schema: {
        description:
          'Each stage with a service clock: its promised working days, the median and 90th percentile working ' +
          'days the stages finished in the last 90 days took, the share finished on time by month for the last ' +
          'three months, and the appeals filed against it. Worked out once a day; counts only, no one named. ' +
          'Limited per address.',
        response: { 200: publicPerformanceSchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      if (!(await limiter.tryAttempt(request.ip))) {
        throw tooManyRequests('Too many look-ups of the performance figures. Please wait a minute.', 60);
      }
      return publicPerformance(app.db);
    },
  );
};
