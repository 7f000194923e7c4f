/** Reading the API's refusals on the account screens: the error `code`, whether or not the contract lists it. */
import { ApiError } from '../../../lib/api-request';

export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const { code } = error.body as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}
