/** /notifications: the signed-in user's own notifications (any role). /outbox: the mail outbox (admins:
 * read:outbox to read it, manage:outbox to send a failed message again). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListQuerySchema,
  notificationSchema,
  outboxListQuerySchema,
  outboxMessageSchema,
  outboxSummarySchema,
  unreadCountSchema,
} from '@portal/contract';
import { sendPage } from '../../core/list-page';
import { currentUser, requireAuth, requirePermission } from '../../plugins/auth';
import {
  listNotifications,
  listOutbox,
  markAllRead,
  markRead,
  outboxSummary,
  retryMessage,
  unreadCount,
} from './service';

const idParams = z.object({ id: z.uuid() });

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requireAuth,
      schema: { querystring: notificationListQuerySchema, response: { 200: z.array(notificationSchema) } },
    },
    async (request, reply) =>
      sendPage(request, reply, await listNotifications(app.db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/unread-count',
    { preHandler: requireAuth, schema: { response: { 200: unreadCountSchema } } },
    async (request) => unreadCount(app.db, currentUser(request)),
  );

  app.post(
    '/read-all',
    { preHandler: requireAuth, schema: { response: { 200: unreadCountSchema } } },
    async (request) => markAllRead(app.db, currentUser(request)),
  );

  app.post(
    '/:id/read',
    { preHandler: requireAuth, schema: { params: idParams, response: { 200: notificationSchema } } },
    async (request) => markRead(app.db, currentUser(request), request.params.id),
  );
};

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requirePermission('read:outbox'),
      schema: { querystring: outboxListQuerySchema, response: { 200: z.array(outboxMessageSchema) } },
    },
    async (request, reply) => sendPage(request, reply, await listOutbox(app.db, request.query), request.query),
  );

  app.get(
    '/summary',
    { preHandler: requirePermission('read:outbox'), schema: { response: { 200: outboxSummarySchema } } },
    async () => outboxSummary(app.db, app.smtpConfigured),
  );

  app.post(
    '/:id/retry',
    {
      preHandler: requirePermission('manage:outbox'),
      schema: { params: idParams, response: { 200: outboxMessageSchema } },
    },
    async (request) => retryMessage(app.db, request.params.id),
  );
};
