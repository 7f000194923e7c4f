/** The spec's load-failure toast: shown when `failed` turns true; the id keeps a retry from stacking copies. */
import { useEffect } from 'react';
import { toast } from 'sonner';

export function useFailureToast(failed: boolean, message: string, id: string): void {
  useEffect(() => {
    if (failed) toast.error(message, { id });
  }, [failed, message, id]);
}
