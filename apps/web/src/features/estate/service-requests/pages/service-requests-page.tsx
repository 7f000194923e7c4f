/** Service requests: the caller's list (number, status, type, fee, submitted date, description) a page at a time,
 * searched, filtered and sorted on the server, each number opening the request; and New Request. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { PageHeader } from '../../../../components/ui/page-header';
import { NewRequestDialog } from '../components/new-request-dialog';
import { ServiceRequestList } from '../components/service-request-list';

export default function ServiceRequestsPage() {
  const { t } = useTranslation('service-requests');
  const [open, setOpen] = useState(false);

  const newRequest = (
    <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setOpen(true)}>
      {t('newRequest')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={newRequest} />
      <ServiceRequestList
        ids={{
          search: 'service-request-search',
          status: 'service-request-status-filter',
          type: 'service-request-type-filter',
        }}
        failureToastId="service-requests-load-failed"
        caption={t('caption')}
        emptyMessage={t('empty')}
        emptyAction={newRequest}
        detailPath={(id) => `/service-requests/${id}`}
      />
      <NewRequestDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
