/** Ledger adjustments (finance; admins approve): late yearly dues whose interest a finance officer may propose to
 * waive, and the adjustments pending, approved and rejected, each a page at a time. One finance officer prepares (an
 * interest waiver from a late invoice, or a debit or credit with its reason); another, or an admin, approves or
 * rejects. Approve and Reject are offered only to someone other than the maker (the server refuses the maker too). */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADJUSTMENT_KINDS,
  APPROVAL_STATUSES,
  can,
  caseEventsOffered,
  DUES_INVOICE_TYPES,
  formatDate,
  formatDateTime,
  formatRupees,
  INVOICE_LIST,
  LEDGER_ADJUSTMENT_EVENTS,
  LEDGER_ADJUSTMENT_LIST,
  type ApprovalStatus,
  type Invoice,
  type LedgerAdjustment,
  type Role,
} from '@portal/contract';
import { ChoiceFilteredList } from '../../../../components/list/choice-filtered-list';
import { MakerCheckerScreen, StatusQueue } from '../../../../components/list/maker-checker-screen';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { useAuth } from '../../../../lib/auth';
import { useListParams } from '../../../../lib/use-list-params';
import { useAdjustmentsPage, useLateDuesPage } from '../api/adjustments';
import { ApproveDialog, CorrectionDialog, RejectDialog, WaiveDialog } from '../components/adjustment-dialogs';

const VIEWS = ['late', ...APPROVAL_STATUSES] as const;

const LateTable = memo(function LateTable({
  rows,
  sort,
  onSortChange,
  role,
}: {
  rows: Invoice[];
  sort: string;
  onSortChange: (sort: string) => void;
  role: Role;
}) {
  const { t } = useTranslation('adjustments');
  const columns: Column<Invoice>[] = [
    {
      key: 'number',
      header: t('columns.invoice'),
      card: 'title',
      sortBy: 'invoice_number',
      cell: (invoice) => <span className="font-medium">{invoice.invoice_number}</span>,
    },
    { key: 'type', header: t('columns.dues'), cell: (invoice) => t(`dues.${invoice.invoice_type}`) },
    {
      key: 'due',
      header: t('columns.dueDate'),
      sortBy: 'due_date',
      cell: (invoice) => formatDate(invoice.due_date),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      numeric: true,
      sortBy: 'amount',
      sortDescendingFirst: true,
      cell: (invoice) => formatRupees(invoice.amount),
    },
    {
      key: 'interest',
      header: t('columns.interest'),
      numeric: true,
      cell: (invoice) => formatRupees(invoice.interest),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      card: 'actions',
      cell: (invoice) =>
        can(role, 'prepare:finance-action') && invoice.interest > 0 ? <WaiveDialog invoice={invoice} /> : null,
    },
  ];
  return (
    <DataTable
      caption={t('late.caption')}
      columns={columns}
      rows={rows}
      rowKey={(invoice) => invoice.id}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

const AdjustmentsTable = memo(function AdjustmentsTable({
  rows,
  sort,
  onSortChange,
  role,
  userId,
  status,
}: {
  rows: LedgerAdjustment[];
  sort: string;
  onSortChange: (sort: string) => void;
  role: Role;
  userId: string;
  status: ApprovalStatus;
}) {
  const { t } = useTranslation('adjustments');
  const columns: Column<LedgerAdjustment>[] = [
    {
      key: 'number',
      header: t('columns.adjustment'),
      card: 'title',
      sortBy: 'adjustment_number',
      cell: (row) => (
        <span>
          <span className="font-medium">{row.adjustment_number}</span>
          <span className="block text-sm text-slate-700">{row.application_number}</span>
        </span>
      ),
    },
    {
      key: 'kind',
      header: t('columns.kind'),
      cell: (row) => (
        <span>
          {t(`kinds.${row.kind}`)}
          {row.invoice_number && <span className="block text-sm text-slate-700">{row.invoice_number}</span>}
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      numeric: true,
      sortBy: 'amount',
      sortDescendingFirst: true,
      cell: (row) => formatRupees(row.amount),
    },
    { key: 'reason', header: t('columns.reason'), wrap: true, cell: (row) => row.reason },
    {
      key: 'trail',
      header: t('columns.trail'),
      sortBy: 'made_at',
      sortDescendingFirst: true,
      wrap: true,
      cell: (row) => (
        <span className="text-sm text-slate-800">
          {t('trail.made', { name: row.maker_name, at: formatDateTime(row.made_at) })}
          {row.checker_name && row.checked_at && (
            <span className="block">
              {t(`trail.${row.status === 'rejected' ? 'rejected' : 'approved'}`, {
                name: row.checker_name,
                at: formatDateTime(row.checked_at),
              })}
            </span>
          )}
          {row.rejection_reason && (
            <span className="block">{t('trail.rejectionReason', { reason: row.rejection_reason })}</span>
          )}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      card: 'actions',
      cell: (row) => {
        // The adjustment's table (contract case-kinds.ts) says what this user may do now: its maker is not offered
        // the decision (the server refuses it too: maker_cannot_check), only told it waits for another.
        const isMaker = row.maker_id === userId;
        const offered = caseEventsOffered(LEDGER_ADJUSTMENT_EVENTS, row.status, { role, isMaker });
        if (offered.length > 0) {
          return (
            <div className="flex flex-wrap gap-2">
              {offered.includes('approve') && <ApproveDialog adjustment={row} />}
              {offered.includes('reject') && <RejectDialog adjustment={row} />}
            </div>
          );
        }
        return row.status === 'pending' && isMaker ? (
          <span className="text-sm text-slate-700">{t('awaitingOther')}</span>
        ) : null;
      },
    },
  ];
  return (
    <DataTable
      caption={t(`lists.${status}.caption`)}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

function LateList({ role }: { role: Role }) {
  const { t } = useTranslation('adjustments');
  const list = useListParams(INVOICE_LIST, { prefix: 'late_' });
  const late = useLateDuesPage(list.query);
  return (
    <ChoiceFilteredList
      namespace="adjustments"
      id="adjustments-late"
      list={list}
      query={late}
      filter="invoice_type"
      choices={DUES_INVOICE_TYPES}
      choiceLabel={(type) => t(`dues.${type}`)}
      words={{
        searchPlaceholder: t('filters.lateSearchPlaceholder'),
        filter: t('filters.dues'),
        all: t('filters.allDues'),
        empty: t('late.empty'),
      }}
    >
      {(items, sort, onSortChange) => <LateTable rows={items} sort={sort} onSortChange={onSortChange} role={role} />}
    </ChoiceFilteredList>
  );
}

export default function AdjustmentsPage() {
  const { t } = useTranslation('adjustments');
  const { user } = useAuth();
  const role = user?.role ?? 'finance';
  const userId = user?.id ?? '';
  return (
    <MakerCheckerScreen
      namespace="adjustments"
      views={VIEWS}
      firstShown="pending"
      action={can(role, 'prepare:finance-action') ? <CorrectionDialog /> : undefined}
    >
      {(view) =>
        view === 'late' ? (
          <LateList role={role} />
        ) : (
          <StatusQueue
            namespace="adjustments"
            status={view}
            definition={LEDGER_ADJUSTMENT_LIST}
            usePage={useAdjustmentsPage}
            kinds={ADJUSTMENT_KINDS}
            kindLabel={(kind) => t(`kinds.${kind}`)}
          >
            {(items, sort, onSortChange) => (
              <AdjustmentsTable
                rows={items}
                sort={sort}
                onSortChange={onSortChange}
                role={role}
                userId={userId}
                status={view}
              />
            )}
          </StatusQueue>
        )
      }
    </MakerCheckerScreen>
  );
}
