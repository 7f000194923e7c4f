/** Refuses control characters (NUL and the rest of C0 but tab, line feed and carriage return) anywhere in a
 * request's query string, route parameters or body, with a 422 naming the field. PostgreSQL cannot store NUL in
 * text, so one reaching a query or an insert was a 500; checking here covers every string, not only the fields built
 * from the contract's text helpers (which refuse the same characters, so the web app says so before sending). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONTROL_CHARACTER_MESSAGE, containsControlCharacter } from '@portal/contract';
import { invalidField } from '../core/http-error';

/** The dotted path of the first string (or object key) in `value` holding a control character, or null. Walked
 * with a stack, not recursion, so a deeply nested body cannot overflow it. */
export function findControlCharacter(value: unknown, root: string): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (containsControlCharacter(current)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = `${path}.${key}`;
        if (containsControlCharacter(key)) return path;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

export default fp(async function inputGuardPlugin(app: FastifyInstance) {
  // preValidation: after the body is parsed and after authentication (onRequest), before the schemas run.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found =
      findControlCharacter(request.query, 'querystring') ??
      findControlCharacter(request.params, 'params') ??
      // A body that arrives as one string (a text/csv import) or as raw bytes (a PDF to check) is the route's to
      // read: it refuses what it cannot take with its own answer.
      (typeof request.body === 'object' && !Buffer.isBuffer(request.body)
        ? findControlCharacter(request.body, 'body')
        : null);
    if (found) throw invalidField(found, CONTROL_CHARACTER_MESSAGE);
  });
});
