/** Failure toasts of the officer actions: the spec's message word for word, with the server's reason under it. */
import { toast } from 'sonner';
import { ApiError, errorDetail } from '../../../lib/api-client';

export function actionFailed(message: string, error: unknown): void {
  const detail = error instanceof ApiError ? error.detail : undefined;
  toast.error(message, detail ? { description: detail } : undefined);
}

/** Where the spec prefers the server's detail ('Failed to record possession' (detail preferred)). */
export function actionFailedDetailPreferred(message: string, error: unknown): void {
  toast.error(errorDetail(error, message));
}
