/** Every error the API answers is JSON `{detail, code}`: `detail` is for people, `code` for programs. The codes are
 * declared here, once, and never renamed: a client may switch on them. A `wrong_state` refusal also names its
 * `reason` and `params` (refusals.ts), so a client can word it in the reader's language. The body's zod schema is in
 * error-body.ts, so a client that reads only the codes does not load zod. */

export const ERROR_CODES = [
  /** 422: a field or parameter is missing or malformed (`errors` names each one). */
  'validation_failed',
  /** 400: the request itself cannot be read (malformed JSON, a bad URL, a refused business rule on its input). */
  'bad_request',
  /** 401: not signed in, or the session is no longer valid. */
  'unauthorized',
  /** 401: a sign-in with an unknown email or a wrong password (never which of the two). */
  'invalid_credentials',
  /** 401: a sign-in to an account an administrator has deactivated. */
  'account_deactivated',
  /** 403: signed in, but the role may not do this. */
  'forbidden',
  /** 404: no such record or endpoint, or one the caller may not see. */
  'not_found',
  /** 409: the record already exists or was changed at the same time. */
  'conflict',
  /** 409: the record is not in a state that allows this (the lifecycle refused the move or one of its guards). */
  'wrong_state',
  /** 413: the body or an uploaded file is too large. */
  'payload_too_large',
  /** 414: the address is too long. */
  'uri_too_long',
  /** 415: the body's content type is not one the endpoint reads. */
  'unsupported_media_type',
  /** 408: the request was not received in time. */
  'request_timeout',
  /** 429: too many attempts; the `Retry-After` header says how many seconds to wait. */
  'rate_limited',
  /** 429: too many failed sign-ins for this email; it is locked for the `Retry-After` seconds. */
  'account_locked',
  /** 422: the new password is long enough but common or easy to guess (`errors` names the field). */
  'weak_password',
  /** 422: the current password given to change it is wrong (`errors` names `body.current_password`). */
  'incorrect_password',
  /** 400: a password reset link that is unknown, already used, replaced by a newer one or expired. */
  'invalid_reset_token',
  /** 401: a single window's handoff token that is forged, expired, already used or for another CAF (decision 036). */
  'handoff_refused',
  /** 401: a single window's request whose signature, timestamp or nonce is refused (decision 036). */
  'signature_refused',
  /** 431: the request's headers are too large. */
  'headers_too_large',
  /** 409: the allottee service may not be asked for on this allotment now (its status, or no possession yet). */
  'service_not_allowed',
  /** 409: the milestone has had its extensions of time already (ESTATE_TERMS.maxExtensionsPerMilestone). */
  'extension_limit',
  /** 409: the milestone is already met, so it needs no extension of time. */
  'milestone_met',
  /** 409: a show-cause notice is open on the allotment: only a reply or a surrender may be made until it is decided. */
  'show_cause_pending',
  /** 409: the holder has dues past their due date, so may not transfer, sublet or get a mortgage NOC (section 9;
   * an invoice not yet due blocks nothing, decision 020); `params.amount`: the overdue dues in rupees, "1234.50". */
  'unpaid_dues',
  /** 409: a request of this service (for an extension of time: of this milestone) is already open on the allotment
   * (decision 020); `params` name it: `request_number`, `status`. */
  'service_request_open',
  /** 422: a transfer to the holder's own email. */
  'transfer_to_self',
  /** 409: the transfer cannot be approved before its transferee accepts it in the portal. */
  'transferee_not_accepted',
  /** 409: the request waits on particulars its applicant has not given yet (decision 021): it may only be rejected. */
  'particulars_needed',
  /** 409: a second show-cause notice while one is open, or a reply or order in the wrong step. */
  'show_cause_state',
  /** 409: the order or notice asked for is not issued yet (the service request has not taken effect, or the
   * show-cause notice is not decided). */
  'order_not_issued',
  /** 403: maker-checker: the user who prepared a finance action may not approve it (decision 016). */
  'maker_cannot_check',
  /** 409: this bank statement file (by its SHA-256) was imported before; the answer carries that import's report. */
  'statement_already_imported',
  /** 409: the bank credit is not in a state that allows this (only an unmatched credit is settled or set aside, only
   * a pending settlement is approved or rejected). */
  'bank_credit_state',
  /** 422: a settlement's invoice asks another amount than the bank credit brought. */
  'settlement_amount_mismatch',
  /** 409: the invoice is paid already (no challan, no settlement). */
  'invoice_already_paid',
  /** 409: the invoice is cancelled (decision 023): nothing is owed on it, so it is not paid (no gateway order, no
   * challan, no settlement). */
  'invoice_cancelled',
  /** 409: only an unpaid invoice is cancelled: this one is paid or cancelled already, or its cancellation is already
   * waiting for approval. */
  'invoice_not_cancellable',
  /** 409: a refund is paid only to bank details a finance user has verified (PUT /applicants/{id}/bank-verification). */
  'bank_not_verified',
  /** 409: the refund is not in a state that allows this (only a prepared refund is approved or rejected, only an
   * approved one is paid), or one of its kind is already prepared for the application. */
  'refund_state',
  /** 409: this bank reference (UTR) is already recorded on another refund. */
  'utr_already_used',
  /** 409: a no-dues certificate is issued only at a balance of exactly zero with no invoice unpaid (`params.amount`:
   * the balance, in rupees). */
  'dues_outstanding',
  /** 409: a real payment gateway is configured: pay through it (POST /payments/orders), not POST /payments. */
  'gateway_required',
  /** 503: the payment gateway could not be reached; nothing was charged, try again shortly. */
  'gateway_unavailable',
  /** 401: a gateway's answer whose signature does not verify. */
  'signature_invalid',
  /** 409: the ledger adjustment is not pending (only a pending one is approved or rejected). */
  'adjustment_state',
  /** 409: an interest waiver needs a late, unpaid yearly dues invoice with interest accrued and not waived already. */
  'no_interest_to_waive',
  /** 409: an appeal is filed only on one's own application past its service clock (running, waiting on an officer)
   * or rejected. */
  'appeal_not_allowed',
  /** 409: an appeal on the application is already waiting for its order. */
  'appeal_open',
  /** 409: the appeal is not in a state that allows this (its order is given: no second order, no hearing after it). */
  'appeal_state',
  /** 409: the grievance is not in a state that allows this (decision 038), or moved by someone else meanwhile. */
  'grievance_state',
  /** 409: a resolved grievance may be reopened only within 15 days of its resolution. */
  'grievance_reopen_closed',
  /** 409: a grievance may be reopened only once. */
  'grievance_reopened_before',
  /** 409: a grievance's resolution is rated only once. */
  'grievance_rated',
  /** 422: a grievance's attachment of a type it does not accept (judged by its name before its bytes are read). */
  'file_type_not_accepted',
  /** 409: the scheme is not taking applications now (before it opens, after it closes, or decided). */
  'scheme_not_accepting',
  /** 422: the application does not meet the scheme's eligibility (its minimum investment). */
  'scheme_ineligible',
  /** 409: the scheme is not in the state this needs (closing before its closing time, a draw before closing). */
  'scheme_state',
  /** 409: the scheme's result is already decided: a draw or a first-come run is never run twice. */
  'scheme_decided',
  /** 404: the plot is not one of the scheme's lots. */
  'plot_not_in_scheme',
  /** 403: the bidder has no qualified application (approved, EMD and participation fee paid) for this lot. */
  'bidder_not_qualified',
  /** 409: bids are not taken on this lot now (before the start or after its end). */
  'auction_not_running',
  /** 409: the bid does not beat the highest by the increment (or is under the reserve price); `params` name the
   * lowest bid taken now. */
  'bid_too_low',
  /** 422: a step that needs its reason (a rejection) came without one (`errors` names the field); nothing was
   * written. */
  'reason_required',
  /** 409: the portal's clock is fixed: it moves only when the portal was started with CLOCK=movable (decision 026). */
  'clock_fixed',
  /** 409: another move of the portal's clock is under way; nothing was changed. */
  'clock_moving',
  /** 422: the clock moves forward only: the time asked for is not after the portal's time now. */
  'clock_backwards',
  /** 422: the clock moves at most ten years at a time. */
  'clock_too_far',
  /** 409: an eSign of this allotment's lease deed was started and has not expired yet (decision 035): finish it at the
   * eSign provider, or start again once it expires. */
  'esign_pending',
  /** A one-time code that is wrong, spent, expired or out of tries (never which) (decision 037): 401 when signing in,
   * 422 (on body.code) when a signed-in user verifies a mobile. */
  'invalid_code',
  /** 429: too many wrong one-time codes for this number: sign-in by code is locked for the `Retry-After` seconds. */
  'code_locked',
  /** 409: the mobile number just verified is already another account's. */
  'mobile_taken',
  /** 403: a delivery report on a URL without the provider's configured secret: refused, nothing written. */
  'delivery_report_refused',
  /** 500: a fault on the server's side; the detail never says more. */
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code an answer of this status carries when nothing more specific applies. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 408:
      return 'request_timeout';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 414:
      return 'uri_too_long';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'validation_failed';
    case 429:
      return 'rate_limited';
    case 431:
      return 'headers_too_large';
    default:
      return status >= 500 ? 'internal_error' : 'bad_request';
  }
}
