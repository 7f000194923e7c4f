/** The allottee's Aadhaar eSign of the portal's lease deed (decision 035), through an eSign Service Provider (ESP)
 * speaking the CCA's eSign API 2.1, the portal being the Application Service Provider: the answer that sends the
 * browser to the ESP, and the result the portal sends it back with. */
import { z } from 'zod';

/** How long an eSign request waits for the ESP's answer. */
export const ESIGN_VALID_MINUTES = 15;

/** Answers of the ESP (POST /api/esign/response) taken per client address per minute. */
export const ESIGN_RESPONSES_PER_MINUTE = 30;

/** POST /api/allotments/{id}/lease-deed/esign: the browser posts `esign_request` to `esp_url` in the form field
 * `esign_request_field`, with the transaction id in `txn_field` (ESPs name both). */
export const leaseDeedEsignStartSchema = z.object({
  esp_url: z.string(),
  /** The ASP-signed Esign XML. */
  esign_request: z.string(),
  esign_request_field: z.literal('eSignRequest'),
  txn: z.string(),
  txn_field: z.literal('aspTxnId'),
  /** ISO: the ESP's answer is refused after this. */
  expires_at: z.string(),
});
export type LeaseDeedEsignStart = z.infer<typeof leaseDeedEsignStartSchema>;

/** The query parameter of the allottee's application page the portal sends the browser back with. */
export const ESIGN_RESULT_QUERY = 'esign';

/** What came of an eSign, as the page is told: signed, or why the ESP's answer was refused (the deed then stays as it
 * was). */
export const ESIGN_RESULTS = [
  'signed',
  /** The ESP did not sign (the signer cancelled, or the OTP or Aadhaar check failed there). */
  'esp_refused',
  /** The answer's XML signature is not the ESP's. */
  'bad_signature',
  /** No eSign of the portal's has this transaction id. */
  'unknown_transaction',
  /** This eSign was finished already (signed or refused): an answer is taken once. */
  'already_completed',
  /** The answer came after the request expired (ESIGN_VALID_MINUTES). */
  'expired',
  /** The signature is over another document than the deed. */
  'hash_mismatch',
  /** The signature is not by the certificate the answer names. */
  'certificate_mismatch',
  /** The signature does not verify. */
  'signature_invalid',
  /** The answer could not be read. */
  'malformed_response',
  /** The deed can no longer be submitted (a scan was uploaded meanwhile, or the allotment moved on). */
  'not_due',
  /** A fault on the portal's side. */
  'internal_error',
] as const;
export type EsignResult = (typeof ESIGN_RESULTS)[number];

export function esignResultOf(value: string | null | undefined): EsignResult | null {
  return (ESIGN_RESULTS as readonly string[]).includes(value ?? '') ? (value as EsignResult) : null;
}
