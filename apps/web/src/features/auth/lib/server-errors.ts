/** Reading the API's refusals on the account screens: the error `code`, and the message of each field in a 422's
 * `errors` (by field name: 'body.password' → 'password'). */
import { ApiError } from '../../../lib/api-client';

export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const { code } = error.body as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.body || typeof error.body !== 'object') return {};
  const { errors } = error.body as { errors?: unknown };
  if (!Array.isArray(errors)) return {};
  const byField: Record<string, string> = {};
  for (const entry of errors as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof entry.path !== 'string' || typeof entry.message !== 'string') continue;
    const field = entry.path.replace(/^body\./, '');
    byField[field] ??= entry.message;
  }
  return byField;
}
