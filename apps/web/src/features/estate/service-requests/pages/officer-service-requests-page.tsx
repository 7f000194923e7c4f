/** The officers' queue of service requests: everyone's, a page at a time, searched by number and filtered by status
 * and type on the server (kept in the URL); each number opens the request. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/page-header';
import { ServiceRequestList } from '../components/service-request-list';

export default function OfficerServiceRequestsPage() {
  const { t } = useTranslation('service-requests');
  return (
    <>
      <PageHeader title={t('officer.title')} subtitle={t('officer.subtitle')} />
      <ServiceRequestList
        ids={{
          search: 'officer-service-request-search',
          status: 'officer-service-request-status',
          type: 'officer-service-request-type',
        }}
        failureToastId="officer-service-requests-load-failed"
        caption={t('officer.caption')}
        emptyMessage={t('officer.empty')}
        filteredEmptyMessage={t('officer.emptyFiltered')}
        detailPath={(id) => `/officer/service-requests/${id}`}
      />
    </>
  );
}
