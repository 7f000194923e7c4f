/** Service requests: the caller's list (number, status, type, fee, submitted date, description) and New Request. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { formatDate, formatRupees } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useServiceRequests } from '../api/service-requests';
import { NewRequestDialog } from '../components/new-request-dialog';
import { useFailureToast } from '../../../lib/use-failure-toast';

export default function ServiceRequestsPage() {
  const { t } = useTranslation('service-requests');
  const requests = useServiceRequests();
  const [open, setOpen] = useState(false);

  useFailureToast(requests.isError, t('loadFailed'), 'service-requests-load-failed');

  const newRequest = (
    <Button icon={<Plus aria-hidden="true" className="h-4 w-4" />} onClick={() => setOpen(true)}>
      {t('newRequest')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={newRequest} />
      <QueryState
        query={requests}
        errorMessage={t('loadFailed')}
        empty={
          <Card>
            <EmptyState message={t('empty')} action={newRequest} />
          </Card>
        }
      >
        {(list) => (
          <DataTable
            caption={t('caption')}
            rows={list}
            rowKey={(request) => request.id}
            columns={[
              {
                key: 'number',
                header: t('columns.number'),
                cell: (request) => <span className="font-medium">{request.request_number}</span>,
              },
              {
                key: 'status',
                header: t('columns.status'),
                cell: (request) => <StatusBadge status={request.status} />,
              },
              { key: 'type', header: t('columns.type'), cell: (request) => t(`types.${request.request_type}`) },
              {
                key: 'fee',
                header: t('columns.fee'),
                numeric: true,
                cell: (request) => formatRupees(request.fee_amount),
              },
              { key: 'submitted', header: t('columns.submitted'), cell: (request) => formatDate(request.submitted_at) },
              {
                key: 'description',
                header: t('columns.description'),
                className: 'min-w-[16rem] whitespace-normal',
                cell: (request) => request.description,
              },
            ]}
          />
        )}
      </QueryState>
      <NewRequestDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
