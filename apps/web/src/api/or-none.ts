/** The "none" reading of a look-up the spec tolerates failing: any failure but a 401 becomes null. */
import { ApiError } from '../lib/api-client';

/** A 404 means "none yet"; the spec reads other failures of these look-ups as none too. A 401 still ends the session. */
export async function orNone<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    return null;
  }
}
