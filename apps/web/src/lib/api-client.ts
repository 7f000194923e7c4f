/** The one HTTP client for the API (./api-request: base /api, bearer token, bodies, upload progress, 401 handling, the
 * list protocol's pages) and the words of its errors, a refusal's reason included. */
import i18n from 'i18next';
import {
  DOCUMENT_TYPE_NAMES,
  formatRupees,
  readRefusal,
  statusLabel,
  type DocumentType,
  type Refusal,
} from '@portal/contract';
import { ApiError, serverDetail } from './api-request';

export * from './api-request';

/** Why the record's state refused the action, when the answer named one of the contract's reasons with fitting
 * parameters. */
export function errorRefusal(error: unknown): Refusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return readRefusal(error.body) ?? undefined;
}

const statusName = (status: string) => i18n.t(`ui:status.${status}`, { defaultValue: statusLabel(status) });
const documentTypeName = (type: DocumentType) =>
  i18n.t(`applications:documentTypes.${type}`, { defaultValue: DOCUMENT_TYPE_NAMES[type] });

/** The values a refusal's words take: statuses and document types by their names in the reader's language, amounts in
 * rupees. */
function refusalValues(refusal: Refusal): Record<string, string> {
  switch (refusal.reason) {
    case 'transition_not_allowed':
      return { from: statusName(refusal.params.from), to: statusName(refusal.params.to) };
    case 'documents_not_verified':
      return { documents: refusal.params.documents.map(documentTypeName).join(', ') };
    case 'outbox_not_failed':
      return { status: statusName(refusal.params.status) };
    case 'bid_too_low':
      return { amount: formatRupees(refusal.params.minimum_bid) };
    case 'unpaid_dues':
      return { amount: formatRupees(refusal.params.amount) };
    case 'service_request_open':
      return {
        number: refusal.params.request_number,
        status: i18n.t(`service-requests:statuses.${refusal.params.status}`, {
          defaultValue: statusName(refusal.params.status),
        }),
      };
    default:
      return {};
  }
}

/** A refusal in the reader's language (`common:refusals.<reason>`), or undefined when the catalogue lacks it. */
function refusalText(refusal: Refusal): string | undefined {
  const key = `common:refusals.${refusal.reason}`;
  return i18n.exists(key) ? i18n.t(key, refusalValues(refusal)) : undefined;
}

/** The server's detail message when there is one, else the fallback (the spec's "server detail preferred"). A
 * refusal that names its reason (`reason` + `params`) is worded from `common:refusals.<reason>` in every language.
 * Otherwise the server's English detail is shown in English; in another language the error is worded from its code
 * instead (`common:errors.<code>`), and without a code the fallback (already in the reader's language) is shown. */
export function errorDetail(error: unknown, fallback: string): string {
  const refusal = errorRefusal(error);
  const refused = refusal && refusalText(refusal);
  return refused || serverDetail(error, fallback);
}
