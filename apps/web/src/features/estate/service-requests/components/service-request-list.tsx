/** A page of service requests (number, status with a transfer's acceptance or the day it took effect and its order,
 * type with its particulars in words, plot, fee, submitted date, description), searched by number and
 * filtered by status and type on the server with the state in the URL; each number opens the request. The
 * applicant's list and the officers' queue are this one list with their own words and detail path. */
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatRupees,
  SERVICE_REQUEST_LIST,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TYPES,
  type ServiceRequest,
} from '@portal/contract';
import { useServiceRequestPage } from '../../../../api/service-requests';
import { useParticularsFacts } from '../../components/service-request-form/particulars-facts';
import { ServiceOrderButton } from '../../components/service-request-form/service-order-button';
import { ChoiceFilter } from '../../../../components/choice-filter';
import { ListToolbar } from '../../../../components/list-toolbar';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { Card } from '../../../../components/ui/card';
import { DataTable } from '../../../../components/ui/data-table';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';

export interface ServiceRequestListProps {
  /** Ids of the search box, the status select and the type select. */
  ids: { search: string; status: string; type: string };
  /** The toast id of a failed load, so a retry does not stack toasts. */
  failureToastId: string;
  caption: string;
  /** The empty list's words when no search or filter is set ("No service requests yet"). */
  emptyMessage: string;
  /** The words when a search or filter left the list empty; without them, `emptyMessage`. */
  filteredEmptyMessage?: string;
  emptyAction?: ReactNode;
  detailPath: (id: string) => string;
}

/** The table of one page. Kept while its rows and sort are the same: each key typed into the search draws the list
 * again, and every row drawn again per key cost most of a frame. */
const ServiceRequestTable = memo(function ServiceRequestTable({
  rows,
  caption,
  detailPath,
  sort,
  onSortChange,
}: {
  rows: ServiceRequest[];
  caption: string;
  detailPath: (id: string) => string;
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('service-requests');
  const particulars = useParticularsFacts();
  /** Where a request stands beyond its status: in effect since a day, waiting on the applicant's particulars, or a
   * transfer awaiting its transferee. */
  const state = (request: ServiceRequest) =>
    request.took_effect_at
      ? t('list.tookEffect', { date: formatDate(request.took_effect_at) })
      : request.status === 'submitted' && request.particulars_needed?.length
        ? t('list.particularsNeeded')
        : request.request_type === 'transfer' && !request.transferee_accepted_at && request.status !== 'rejected'
          ? t('list.awaitingTransferee')
          : request.request_type === 'transfer' && request.transferee_accepted_at
            ? t('list.accepted', { date: formatDate(request.transferee_accepted_at) })
            : null;
  return (
    <DataTable
      caption={caption}
      rows={rows}
      rowKey={requestKey}
      sort={sort}
      onSortChange={onSortChange}
      columns={[
        {
          key: 'number',
          header: t('columns.number'),
          sortBy: 'request_number',
          cell: (request) => (
            <Link to={detailPath(request.id)} className="font-medium text-brand-700 underline underline-offset-2">
              {request.request_number}
            </Link>
          ),
        },
        {
          key: 'status',
          header: t('columns.status'),
          sortBy: 'status',
          className: 'min-w-[11rem] whitespace-normal',
          cell: (request) => (
            <div className="space-y-1">
              <StatusBadge status={request.status} />
              {state(request) && <p className="text-sm text-slate-700">{state(request)}</p>}
              {request.took_effect_at && (
                <ServiceOrderButton requestId={request.id} requestNumber={request.request_number} />
              )}
            </div>
          ),
        },
        {
          key: 'type',
          header: t('columns.type'),
          className: 'min-w-[12rem] whitespace-normal',
          cell: (request) => (
            <div className="space-y-1">
              <p>{t(`types.${request.request_type}`)}</p>
              {particulars(request).map(([label, value]) => (
                <p key={label} className="text-sm text-slate-700">
                  {label}: {value}
                </p>
              ))}
            </div>
          ),
        },
        {
          key: 'plot',
          header: t('columns.plot'),
          cell: (request) => request.asset_code ?? request.allotment_number ?? '—',
        },
        {
          key: 'fee',
          header: t('columns.fee'),
          numeric: true,
          cell: (request) => formatRupees(request.fee_amount),
        },
        {
          key: 'submitted',
          header: t('columns.submitted'),
          sortBy: 'submitted_at',
          sortDescendingFirst: true,
          cell: (request) => formatDate(request.submitted_at),
        },
        {
          key: 'description',
          header: t('columns.description'),
          className: 'min-w-[16rem] whitespace-normal',
          cell: (request) => request.description,
        },
      ]}
    />
  );
});

const requestKey = (request: ServiceRequest) => request.id;

export function ServiceRequestList({
  ids,
  failureToastId,
  caption,
  emptyMessage,
  filteredEmptyMessage,
  emptyAction,
  detailPath,
}: ServiceRequestListProps) {
  const { t } = useTranslation('service-requests');
  const list = useListParams(SERVICE_REQUEST_LIST);
  const sortBy = useSortChange(list.setSort);
  const requests = useServiceRequestPage(list.query);

  useFailureToast(requests.isError, t('loadFailed'), failureToastId);

  const status = list.choice('status', SERVICE_REQUEST_STATUSES);
  const type = list.choice('request_type', SERVICE_REQUEST_TYPES);

  return (
    <>
      <ListToolbar
        searchId={ids.search}
        statusId={ids.status}
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        statusLabel={t('filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={status}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allStatuses') },
          ...SERVICE_REQUEST_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
        ]}
      >
        <ChoiceFilter
          id={ids.type}
          label={t('filters.type')}
          allLabel={t('filters.allTypes')}
          value={type}
          choices={SERVICE_REQUEST_TYPES}
          labelOf={(value) => t(`types.${value}`)}
          onChange={(value) => list.setChoice('request_type', value)}
        />
      </ListToolbar>
      <PagedList
        query={requests}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={list.isFiltered ? (filteredEmptyMessage ?? emptyMessage) : emptyMessage}
        emptyAction={emptyAction}
        clearFiltersLabel={t('filters.clear')}
        emptyFrame={(empty) => <Card>{empty}</Card>}
      >
        {(items) => (
          <ServiceRequestTable
            rows={items}
            caption={caption}
            detailPath={detailPath}
            sort={list.sort}
            onSortChange={sortBy}
          />
        )}
      </PagedList>
    </>
  );
}
