/** A move the server refused because a lifecycle guard or the current status did not allow it (409): the dialog
 * stays open and says why, in place, instead of a toast that vanishes. */
import { AlertTriangle } from 'lucide-react';
import { ApiError } from '../../../lib/api-client';

/** The server's reason when the error is such a refusal (409 with a detail), else undefined. */
export function guardRefusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 409 && error.detail ? error.detail : undefined;
}

export function GuardRefusal({ title, detail }: { title: string; detail: string | undefined }) {
  if (!detail) return null;
  return (
    <div role="alert" className="flex items-start gap-2 rounded-md border-l-4 border-red-700 bg-red-50 p-3">
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />
      <div>
        <p className="font-semibold text-red-800">{title}</p>
        <p className="text-red-800">{detail}</p>
      </div>
    </div>
  );
}
