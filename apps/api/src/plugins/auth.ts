/** Bearer authentication and role checks. The token's session and its user are read on every request (one
 * query), so signing out, a password reset, a deactivated account or a changed role takes effect at once. */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { can, type Permission } from '@portal/contract';
import { forbidden, unauthorized } from '../core/http-error';
import type { TokenService } from '../lib/tokens';
import type { CurrentUser } from '../case/actor';
import { findSessionUser } from '../repositories/users';

// The signed-in user's type and the timeline's name for them live below the plugins, in the case engine's actor.
export { actorOf, type CurrentUser } from '../case/actor';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    /** The session the request's token belongs to (sessions table), once authenticated. */
    sessionId: string | null;
  }
}

export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

const SESSION_ENDED = 'Your session has ended or is invalid. Please sign in again.';

export const requireAuth: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request: FastifyRequest) {
  // Already done for this request: the guard runs at onRequest and again as the route's preHandler (see below).
  if (request.currentUser) return;
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized();
  const claims = await this.tokens.verify(match[1]!);
  if (!claims) throw unauthorized(SESSION_ENDED);
  const row = await findSessionUser(this.db, claims.userId, claims.sessionId);
  if (!row) throw unauthorized(SESSION_ENDED);
  if (!row.isActive) throw unauthorized('Your account is not active. Please sign in again.');
  request.currentUser = { id: row.id, email: row.email, fullName: row.fullName, role: row.role, zone: row.zone };
  request.sessionId = claims.sessionId;
};

/** The permissions each guard made by requirePermission checks, so the API reference can list who may call a route. */
const guardPermissions = new WeakMap<object, readonly Permission[]>();

/** Authenticates, then checks that the role holds one of the permissions. */
export function requirePermission(...permissions: Permission[]): preHandlerAsyncHookHandler {
  const guard: preHandlerAsyncHookHandler = async function (
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    await requireAuth.call(this, request, reply);
    const role = currentUser(request).role;
    if (!permissions.some((permission) => can(role, permission))) throw forbidden();
  };
  guardPermissions.set(guard, permissions);
  return guard;
}

/** What a route's preHandler demands: the permissions of a requirePermission guard, 'signed-in' for requireAuth,
 * undefined for anything else. */
export function guardOf(handler: unknown): readonly Permission[] | 'signed-in' | undefined {
  if (handler === requireAuth) return 'signed-in';
  return typeof handler === 'function' ? guardPermissions.get(handler) : undefined;
}

export default fp(async function authPlugin(app: FastifyInstance, options: { tokens: TokenService }) {
  app.decorate('tokens', options.tokens);
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  // Routes name their guard as a preHandler, but Fastify reads and validates the body before preHandlers run: an
  // anonymous caller with a malformed body was told about the schema (422) instead of to sign in (401). So each
  // guard also runs at onRequest, before the body is read. It stays in preHandler too, where the API reference
  // reads it (guardOf); run there again it finds the user already authenticated and only checks the role again.
  app.addHook('onRoute', (route) => {
    const guards = [route.preHandler ?? []].flat().filter((handler) => guardOf(handler) !== undefined);
    if (guards.length === 0) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), ...(guards as onRequestAsyncHookHandler[])];
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
}
