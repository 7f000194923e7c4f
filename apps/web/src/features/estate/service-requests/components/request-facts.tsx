/** What a service request says, for its applicant and for officers alike: type (with the milestone of an extension of
 * time), the plot, dates, fee, the application it is for (a link), the particulars it names in words, a transfer's
 * acceptance by the transferee, the day it took effect and its order to download, the description and the officer's
 * remarks. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type ServiceRequest } from '@portal/contract';
import { useParticularsFacts } from '../../components/service-request-form/particulars-facts';
import { ServiceOrderButton } from '../../components/service-request-form/service-order-button';
import { Card } from '../../../../components/ui/card';
import { useRequestApplication } from '../api/service-requests';

export interface RequestFactsProps {
  request: ServiceRequest;
  /** Where the application's number links to (the applicant's or the officer's application page). */
  applicationPath: (applicationId: string) => string;
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

export function RequestFacts({ request, applicationPath }: RequestFactsProps) {
  const { t } = useTranslation('service-requests');
  const particulars = useParticularsFacts();
  const application = useRequestApplication(request.application_id);
  const applicationLabel = application.data?.application_number ?? t('detail.application');
  const plot = request.allotment_number
    ? request.asset_code
      ? `${request.allotment_number} (${request.asset_code})`
      : request.allotment_number
    : null;
  return (
    <Card title={t('detail.summary')} aria-label={t('detail.summary')}>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact label={t('detail.type')}>{t(`types.${request.request_type}`)}</Fact>
        {request.milestone && <Fact label={t('dialog.milestone')}>{t(`dialog.milestones.${request.milestone}`)}</Fact>}
        {plot && <Fact label={t('detail.allotment')}>{plot}</Fact>}
        <Fact label={t('detail.fee')}>
          <span className="tabular-nums">
            {request.fee_amount > 0 ? formatRupees(request.fee_amount) : t('detail.noFee')}
          </span>
        </Fact>
        <Fact label={t('detail.submitted')}>{formatDate(request.submitted_at)}</Fact>
        <Fact label={t('detail.updated')}>{formatDate(request.updated_at)}</Fact>
        <Fact label={t('detail.application')}>
          {request.application_id ? (
            <Link
              to={applicationPath(request.application_id)}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {applicationLabel}
            </Link>
          ) : (
            t('detail.none')
          )}
        </Fact>
        {particulars(request).map(([label, value]) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
        {request.request_type === 'transfer' && (
          <Fact label={t('detail.acceptance')}>
            {request.transferee_accepted_at
              ? t('detail.acceptedOn', { date: formatDate(request.transferee_accepted_at) })
              : t('detail.notAccepted')}
          </Fact>
        )}
        {request.took_effect_at && <Fact label={t('detail.tookEffect')}>{formatDate(request.took_effect_at)}</Fact>}
        {request.took_effect_at && (
          <Fact label={t('detail.order')}>
            <ServiceOrderButton requestId={request.id} requestNumber={request.request_number} />
          </Fact>
        )}
        <Fact label={t('detail.description')} wide>
          {request.description}
        </Fact>
        <Fact label={t('detail.remarks')} wide>
          {request.remarks ?? <span className="font-normal text-slate-600">{t('detail.noRemarks')}</span>}
        </Fact>
      </dl>
    </Card>
  );
}
