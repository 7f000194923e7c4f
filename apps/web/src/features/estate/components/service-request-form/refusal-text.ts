/** A refused service request in the reader's language: the allottee services' own codes (unpaid dues, not allowed
 * now, a show-cause notice open, no extensions left, a transfer to oneself...) from this form's catalogue, else the
 * server's detail; and the field errors of a 422 put on their fields (`body.particulars.<field>` on the field of that
 * name). */
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type ErrorCode } from '@portal/contract';
import { ApiError, errorCode, errorDetail } from '../../../../lib/api-client';
import { serviceRequestFormFields } from './form-schema';
import type { ServiceRequestForm } from './particular-fields';

const SERVICE_CODES: readonly ErrorCode[] = [
  'unpaid_dues',
  'service_request_open',
  'service_not_allowed',
  'extension_limit',
  'milestone_met',
  'show_cause_pending',
  'transfer_to_self',
  'transferee_not_accepted',
] as const satisfies ReadonlyArray<(typeof ERROR_CODES)[number]>;

const FORM_FIELDS = Object.keys(serviceRequestFormFields.shape) as Array<keyof typeof serviceRequestFormFields.shape>;

export function useServiceRefusalText() {
  const { t, i18n } = useTranslation('service-request-form');
  /** The reason of a refusal, or '' when the answer said none. */
  const reasonOf = (error: unknown): string => {
    const code = errorCode(error);
    if (code && SERVICE_CODES.includes(code)) return t(`refusals.${code}`);
    return errorDetail(error, '');
  };
  /** Puts the answer's field errors on the form's fields; answers whether any field took one. */
  const placeFieldErrors = (form: ServiceRequestForm, error: unknown): boolean => {
    if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return false;
    const body = error.body as { code?: unknown; errors?: Array<{ path?: unknown; message?: unknown }> };
    const code = errorCode(error);
    let placed = false;
    for (const entry of Array.isArray(body.errors) ? body.errors : []) {
      const path =
        typeof entry.path === 'string' ? entry.path.replace(/^body\./, '').replace(/^particulars\./, '') : '';
      const field = FORM_FIELDS.find((name) => name === path);
      if (!field) continue;
      const serverWords = typeof entry.message === 'string' ? entry.message : '';
      const message =
        code && SERVICE_CODES.includes(code)
          ? t(`refusals.${code}`)
          : i18n.exists(`service-request-form:errors.${field}.invalid`) &&
              (i18n.resolvedLanguage !== 'en' || !serverWords)
            ? t(`errors.${field}.invalid`)
            : serverWords || t('form:validation.invalid');
      form.setError(field, { type: 'server', message });
      placed = true;
    }
    return placed;
  };
  return { reasonOf, placeFieldErrors };
}
