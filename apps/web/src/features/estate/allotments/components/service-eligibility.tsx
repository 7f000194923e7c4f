/** What a plot's card says of its services beyond the buttons (decision 020): an open request with where it stands and
 * a link to follow it, and the services the server refuses now, each reason once with the services it holds back and
 * what to do (pay the overdue dues, follow the open request), so a form never opens only to be refused. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatRupees,
  type Allotment,
  type OpenServiceRequest,
  type ServiceEligibility,
  type ServiceRequestType,
} from '@portal/contract';

/** The allotment's services as the server answers them; an answer from before decision 020 names only the allowed
 * ones (`services_allowed`), read as allowed rows. */
export function eligibilityOf(allotment: Allotment): ServiceEligibility[] {
  if (allotment.services?.length) return allotment.services;
  const extendable = allotment.milestones.filter((m) => m.met_on === null && m.extensions_left > 0);
  return allotment.services_allowed.flatMap((type) =>
    (type === 'eot' ? extendable.map((m) => m.kind) : [null]).map((milestone) => ({
      request_type: type,
      milestone,
      allowed: true,
      refusal: null,
      open_request: null,
    })),
  );
}

/** An open request: its number and where it stands (approved and waiting for its fee, it says to pay), with a link. */
export function OpenRequestNote({ request, inline = false }: { request: OpenServiceRequest; inline?: boolean }) {
  const { t } = useTranslation('allotments');
  const number = request.request_number;
  const Text = inline ? 'span' : 'p';
  return (
    <Text className="text-sm text-slate-800">
      {request.status === 'approved'
        ? t('eligibility.openAwaitingFee', { number })
        : t('eligibility.open', { number, status: t(`service-requests:statuses.${request.status}`) })}{' '}
      <Link to={`/service-requests/${request.id}`} className="font-medium text-blue-700 underline">
        {request.status === 'approved' ? t('eligibility.payFee', { number }) : t('eligibility.follow', { number })}
      </Link>
    </Text>
  );
}

interface RefusalGroup {
  key: string;
  row: ServiceEligibility;
  types: ServiceRequestType[];
}

/** The services among `types` the server refuses now, grouped by their reason. */
export function ServiceRefusals({
  allotment,
  services,
  types,
}: {
  allotment: Allotment;
  services: readonly ServiceEligibility[];
  types: readonly ServiceRequestType[];
}) {
  const { t } = useTranslation('allotments');
  const headingId = useId();
  const groups: RefusalGroup[] = [];
  for (const row of services) {
    if (row.allowed || !row.refusal || !types.includes(row.request_type)) continue;
    // Each open request is its own line; the other reasons are said once for the services they hold back.
    const key = row.open_request ? row.open_request.id : row.refusal.code + JSON.stringify(row.refusal.params);
    const group = groups.find((g) => g.key === key);
    if (group) group.types.push(row.request_type);
    else groups.push({ key, row, types: [row.request_type] });
  }
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="mb-2 font-semibold text-slate-900">
        {t('eligibility.heading')}
      </h3>
      <ul className="space-y-2">
        {groups.map(({ key, row, types: held }) => (
          <li key={key} className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
            <span className="font-medium text-slate-900">
              {held.map((type) => t(`service-requests:types.${type}`)).join(', ')}
            </span>
            {': '}
            {row.open_request ? (
              <OpenRequestNote request={row.open_request} inline />
            ) : (
              <RefusalReason allotment={allotment} row={row} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A refusal's reason in the reader's words, and what to do about it. */
function RefusalReason({ allotment, row }: { allotment: Allotment; row: ServiceEligibility }) {
  const { t } = useTranslation('allotments');
  const refusal = row.refusal!;
  if (refusal.code === 'unpaid_dues') {
    return (
      <>
        {t('eligibility.unpaid_dues', { amount: formatRupees(refusal.params.amount ?? 0) })}{' '}
        <Link to={`/applications/${allotment.application_id}`} className="font-medium text-blue-700 underline">
          {t('eligibility.payDues')}
        </Link>
      </>
    );
  }
  return <>{t(`eligibility.${refusal.code}`)}</>;
}
