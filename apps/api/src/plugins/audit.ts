/** Gives each request an audit context (db/audit-context.ts): its id, the client's address and, once the auth
 * guard has run, the signed-in user. Registered before the routes' guards, so everything a handler starts sees it. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runWithAuditContext } from '../db/audit-context';

export default fp(async function auditPlugin(app: FastifyInstance) {
  // A callback hook: the rest of the request (later hooks, the handler) runs inside `done`, so inside the context.
  app.addHook('onRequest', (request, _reply, done) => {
    runWithAuditContext(
      {
        requestId: request.id,
        clientAddress: request.ip ?? null,
        actor: () =>
          request.currentUser
            ? { actorId: request.currentUser.id, role: request.currentUser.role }
            : { actorId: null, role: 'anonymous' },
      },
      done,
    );
  });
});
