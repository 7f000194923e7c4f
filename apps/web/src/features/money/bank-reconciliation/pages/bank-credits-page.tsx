/** Unmatched credits (finance; admins approve): the bank credits the imports brought, a page at a time, by status
 * (unmatched first), value date and a search of the bank reference and narration. An unmatched credit is settled
 * against an invoice by one finance user and approved or rejected by another (or an admin), or set aside as not the
 * corporation's money. Approve and Reject are offered only to someone other than the settlement's maker. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BANK_CREDIT_EVENTS,
  BANK_CREDIT_LIST,
  BANK_CREDIT_STATUSES,
  caseEventsOffered,
  formatDate,
  formatDateTime,
  formatRupees,
  type BankCredit,
  type BankCreditStatus,
  type Role,
} from '@portal/contract';
import { DateFilterField } from '../../../../components/form/date-input';
import { ListToolbar } from '../../../../components/list-toolbar';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAuth } from '../../../../lib/auth';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';
import { useBankCreditsPage } from '../api/bank-reconciliation';
import { ApproveDialog, ReasonDialog, SettleDialog } from '../components/credit-dialogs';
import { ToneBadge, type Tone } from '../components/tone-badge';

const STATUS_TONES: Record<BankCreditStatus, Tone> = {
  matched: 'green',
  settled: 'green',
  unmatched: 'amber',
  settlement_pending: 'blue',
  set_aside: 'grey',
};

function CreditState({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation('bank-reconciliation');
  return (
    <div className="space-y-1">
      <ToneBadge tone={STATUS_TONES[credit.status]}>{t(`statuses.${credit.status}`)}</ToneBadge>
      {credit.status === 'unmatched' && credit.unmatched_reason && (
        <span className="block text-sm text-slate-700">{t(`reasons.${credit.unmatched_reason}`)}</span>
      )}
      {credit.status === 'unmatched' && credit.settle_rejected_reason && (
        <span className="block text-sm text-slate-700">
          {t('credits.rejected', { reason: credit.settle_rejected_reason })}
        </span>
      )}
      {(credit.status === 'settlement_pending' || credit.status === 'settled') && (
        <span className="block text-sm text-slate-700">
          {t('credits.settlement', {
            invoice: credit.settle_invoice_number,
            maker: credit.settle_prepared_by_name,
            at: formatDateTime(credit.settle_prepared_at),
          })}
          {credit.settle_approved_by_name && (
            <span className="block">{t('credits.approvedBy', { name: credit.settle_approved_by_name })}</span>
          )}
        </span>
      )}
      {credit.status === 'set_aside' && (
        <span className="block text-sm text-slate-700">
          {t('credits.setAside', { name: credit.set_aside_by_name, reason: credit.set_aside_reason })}
        </span>
      )}
    </div>
  );
}

function CreditActions({ credit, role, userId }: { credit: BankCredit; role: Role; userId: string }) {
  // The credit's table (contract case-kinds.ts) says what this user may do now: the maker of a settlement is not
  // offered its decision (the server refuses it too: maker_cannot_check).
  const offered = caseEventsOffered(BANK_CREDIT_EVENTS, credit.status, {
    role,
    isMaker: credit.settle_prepared_by === userId,
  });
  if (offered.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {offered.includes('prepare_settlement') && <SettleDialog credit={credit} />}
      {offered.includes('set_aside') && <ReasonDialog credit={credit} kind="setAside" />}
      {offered.includes('approve_settlement') && <ApproveDialog credit={credit} />}
      {offered.includes('reject_settlement') && <ReasonDialog credit={credit} kind="reject" />}
    </div>
  );
}

const CreditsTable = memo(function CreditsTable({
  rows,
  sort,
  onSortChange,
  role,
  userId,
}: {
  rows: BankCredit[];
  sort: string;
  onSortChange: (sort: string) => void;
  role: Role;
  userId: string;
}) {
  const { t } = useTranslation('bank-reconciliation');
  const columns: Column<BankCredit>[] = [
    {
      key: 'date',
      header: t('credits.columns.valueDate'),
      sortBy: 'value_date',
      sortDescendingFirst: true,
      cell: (credit) => formatDate(credit.value_date),
    },
    {
      key: 'reference',
      header: t('credits.columns.reference'),
      card: 'title',
      wrap: true,
      cell: (credit) => <span className="font-mono break-all">{credit.bank_reference}</span>,
    },
    {
      key: 'narration',
      header: t('credits.columns.narration'),
      wrap: true,
      cell: (credit) => <span className="block max-w-xs break-words">{credit.narration}</span>,
    },
    {
      key: 'amount',
      header: t('credits.columns.amount'),
      numeric: true,
      sortBy: 'amount',
      sortDescendingFirst: true,
      cell: (credit) => formatRupees(credit.amount),
    },
    {
      key: 'state',
      header: t('credits.columns.status'),
      wrap: true,
      cell: (credit) => <CreditState credit={credit} />,
    },
    {
      key: 'actions',
      header: t('credits.columns.actions'),
      card: 'actions',
      cell: (credit) => <CreditActions credit={credit} role={role} userId={userId} />,
    },
  ];
  return (
    <DataTable
      caption={t('credits.caption')}
      columns={columns}
      rows={rows}
      rowKey={(credit) => credit.id}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

export default function BankCreditsPage() {
  const { t } = useTranslation('bank-reconciliation');
  const { user } = useAuth();
  const list = useListParams(BANK_CREDIT_LIST);
  const sortBy = useSortChange(list.setSort);
  const credits = useBankCreditsPage(list.query);
  useFailureToast(credits.isError, t('credits.loadFailed'), 'bank-credits-load-failed');

  return (
    <>
      <PageHeader title={t('credits.title')} subtitle={t('credits.subtitle')} />
      <ListToolbar
        searchId="credits-search"
        statusId="credits-status-filter"
        searchLabel={t('credits.filters.search')}
        searchPlaceholder={t('credits.filters.searchPlaceholder')}
        statusLabel={t('credits.filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={list.choice('status', BANK_CREDIT_STATUSES)}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('credits.filters.allStatuses') },
          ...BANK_CREDIT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
        ]}
      >
        <DateFilterField
          id="credits-from"
          label={t('credits.filters.from')}
          value={list.filters.from ?? ''}
          onChange={(day) => list.setFilter('from', day || undefined)}
        />
        <DateFilterField
          id="credits-to"
          label={t('credits.filters.to')}
          value={list.filters.to ?? ''}
          onChange={(day) => list.setFilter('to', day || undefined)}
        />
      </ListToolbar>
      <PagedList
        query={credits}
        list={list}
        errorMessage={t('credits.loadFailed')}
        emptyMessage={list.isFiltered ? t('credits.filters.empty') : t('credits.empty')}
        clearFiltersLabel={t('credits.filters.clear')}
      >
        {(items) => (
          <CreditsTable
            rows={items}
            sort={list.sort}
            onSortChange={sortBy}
            role={user?.role ?? 'finance'}
            userId={user?.id ?? ''}
          />
        )}
      </PagedList>
    </>
  );
}
