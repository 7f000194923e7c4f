/** Failure toasts of the officer actions: the spec's message word for word, with the server's reason under it (in
 * the reader's language). */
import { toast } from 'sonner';
import { errorDetail } from '../../../../lib/api-client';

export function actionFailed(message: string, error: unknown): void {
  const detail = errorDetail(error, '');
  toast.error(message, detail ? { description: detail } : undefined);
}
