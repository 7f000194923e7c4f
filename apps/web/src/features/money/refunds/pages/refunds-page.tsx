/** Refunds (finance; admins approve): the refunds the rules say are due (a rejected or withdrawn application's EMD,
 * a surrendered allotment's refund), and those prepared, approved, paid or rejected, each a page at a time. A due
 * row is prepared by one finance user; another (or an admin) approves or rejects it once the payee's bank details are
 * verified; finance marks it paid with the bank's UTR. Approve and Reject are offered only to someone other than the
 * maker (the server refuses the maker too). */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  can,
  caseEventsOffered,
  DUE_REFUND_KINDS,
  formatDate,
  formatDateTime,
  formatRupees,
  REFUND_DUE_LIST,
  REFUND_KINDS,
  REFUND_EVENTS,
  REFUND_LIST,
  REFUND_STATUSES,
  type Refund,
  type RefundDue,
  type RefundStatus,
  type Role,
} from '@portal/contract';
import { ChoiceFilteredList } from '../../../../components/list/choice-filtered-list';
import { MakerCheckerScreen, StatusQueue } from '../../../../components/list/maker-checker-screen';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { useDueRefundsPage, useRefundsPage } from '../../../../api/refunds';
import { useAuth } from '../../../../lib/auth';
import { useListParams } from '../../../../lib/use-list-params';
import { ApproveDialog, PaidDialog, PrepareDialog, RejectDialog, VerifyBankDialog } from '../components/refund-dialogs';

const VIEWS = ['due', ...REFUND_STATUSES] as const;

function BankState({ verified }: { verified: boolean }) {
  const { t } = useTranslation('refunds');
  return (
    <span className={verified ? 'text-green-800' : 'font-medium text-amber-900'}>
      {verified ? t('bank.verified') : t('bank.notVerified')}
    </span>
  );
}

const DueTable = memo(function DueTable({
  rows,
  sort,
  onSortChange,
  role,
}: {
  rows: RefundDue[];
  sort: string;
  onSortChange: (sort: string) => void;
  role: Role;
}) {
  const { t } = useTranslation('refunds');
  const columns: Column<RefundDue>[] = [
    {
      key: 'application',
      header: t('columns.application'),
      card: 'title',
      cell: (due) => (
        <span>
          <span className="font-medium">{due.application_number}</span>
          {due.allotment_number && <span className="block text-sm text-slate-700">{due.allotment_number}</span>}
        </span>
      ),
    },
    { key: 'kind', header: t('columns.kind'), cell: (due) => t(`kinds.${due.kind}`) },
    {
      key: 'payee',
      header: t('columns.payee'),
      wrap: true,
      cell: (due) => (
        <span>
          {due.payee_name}
          <span className="block text-sm text-slate-700">{due.organization_name}</span>
        </span>
      ),
    },
    { key: 'why', header: t('columns.why'), cell: (due) => t(`reasons.${due.reason}`, { defaultValue: due.reason }) },
    {
      key: 'since',
      header: t('columns.dueSince'),
      sortBy: 'due_since',
      sortDescendingFirst: true,
      cell: (due) => formatDate(due.due_since),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      numeric: true,
      sortBy: 'amount',
      sortDescendingFirst: true,
      cell: (due) => formatRupees(due.amount),
    },
    { key: 'bank', header: t('columns.bank'), cell: (due) => <BankState verified={due.bank_verified} /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      card: 'actions',
      cell: (due) => (
        <div className="flex flex-wrap gap-2">
          {can(role, 'prepare:finance-action') && <PrepareDialog due={due} />}
          {!due.bank_verified && can(role, 'verify:bank-details') && (
            <VerifyBankDialog applicantId={due.applicant_id} subject={due.payee_name} />
          )}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('due.caption')}
      columns={columns}
      rows={rows}
      rowKey={(due) => `${due.kind}-${due.application_id}`}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

function RefundActions({ refund, role, userId }: { refund: Refund; role: Role; userId: string }) {
  const unverified = !refund.bank?.verified_at;
  // The refund's table (contract case-kinds.ts) says what this user may do now: its maker is not offered the
  // decision (the server refuses it too: maker_cannot_check).
  const offered = caseEventsOffered(REFUND_EVENTS, refund.status, { role, isMaker: refund.prepared_by === userId });
  return (
    <div className="flex flex-wrap gap-2">
      {offered.includes('approve') && <ApproveDialog refund={refund} />}
      {offered.includes('reject') && <RejectDialog refund={refund} />}
      {refund.status === 'prepared' && unverified && refund.applicant_id && can(role, 'verify:bank-details') && (
        <VerifyBankDialog applicantId={refund.applicant_id} subject={refund.payee_name} />
      )}
      {offered.includes('mark_paid') && <PaidDialog refund={refund} />}
    </div>
  );
}

const RefundsTable = memo(function RefundsTable({
  rows,
  sort,
  onSortChange,
  role,
  userId,
  status,
}: {
  rows: Refund[];
  sort: string;
  onSortChange: (sort: string) => void;
  role: Role;
  userId: string;
  status: RefundStatus;
}) {
  const { t } = useTranslation('refunds');
  const columns: Column<Refund>[] = [
    {
      key: 'number',
      header: t('columns.refund'),
      card: 'title',
      sortBy: 'refund_number',
      cell: (refund) => (
        <span>
          <span className="font-medium">{refund.refund_number}</span>
          <span className="block text-sm text-slate-700">{refund.application_number}</span>
        </span>
      ),
    },
    { key: 'kind', header: t('columns.kind'), cell: (refund) => t(`kinds.${refund.kind}`) },
    {
      key: 'payee',
      header: t('columns.payee'),
      wrap: true,
      cell: (refund) => (
        <span>
          {refund.payee_name}
          {refund.bank && (
            <span className="block font-mono text-sm text-slate-700">
              {refund.bank.bank_name} {refund.bank.bank_account_masked} {refund.bank.bank_ifsc}
            </span>
          )}
          {status === 'prepared' && <BankState verified={Boolean(refund.bank?.verified_at)} />}
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      numeric: true,
      sortBy: 'amount',
      sortDescendingFirst: true,
      cell: (refund) => formatRupees(refund.amount),
    },
    {
      key: 'trail',
      header: t('columns.trail'),
      sortBy: 'prepared_at',
      sortDescendingFirst: true,
      wrap: true,
      cell: (refund) => (
        <span className="text-sm text-slate-800">
          {t('trail.prepared', { name: refund.prepared_by_name, at: formatDateTime(refund.prepared_at) })}
          {refund.approved_by_name && refund.approved_at && (
            <span className="block">
              {t('trail.approved', { name: refund.approved_by_name, at: formatDateTime(refund.approved_at) })}
            </span>
          )}
          {refund.status === 'paid' && (
            <span className="block">
              {t('trail.paid', { date: formatDate(refund.paid_at), utr: refund.utr ?? '' })}
            </span>
          )}
          {refund.status === 'rejected' && (
            <span className="block">{t('trail.rejected', { reason: refund.rejection_reason ?? '' })}</span>
          )}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      card: 'actions',
      cell: (refund) => <RefundActions refund={refund} role={role} userId={userId} />,
    },
  ];
  return (
    <DataTable
      caption={t(`lists.${status}.caption`)}
      columns={columns}
      rows={rows}
      rowKey={(refund) => refund.id}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

function DueList({ role }: { role: Role }) {
  const { t } = useTranslation('refunds');
  const list = useListParams(REFUND_DUE_LIST, { prefix: 'due_' });
  const due = useDueRefundsPage(list.query);
  return (
    <ChoiceFilteredList
      namespace="refunds"
      id="refunds-due"
      list={list}
      query={due}
      filter="kind"
      choices={DUE_REFUND_KINDS}
      choiceLabel={(kind) => t(`kinds.${kind}`)}
      words={{
        searchPlaceholder: t('filters.dueSearchPlaceholder'),
        filter: t('filters.kind'),
        all: t('filters.allKinds'),
        empty: t('due.empty'),
      }}
    >
      {(items, sort, onSortChange) => <DueTable rows={items} sort={sort} onSortChange={onSortChange} role={role} />}
    </ChoiceFilteredList>
  );
}

export default function RefundsPage() {
  const { t } = useTranslation('refunds');
  const { user } = useAuth();
  const role = user?.role ?? 'finance';
  const userId = user?.id ?? '';
  return (
    <MakerCheckerScreen namespace="refunds" views={VIEWS} firstShown="due">
      {(view) =>
        view === 'due' ? (
          <DueList role={role} />
        ) : (
          <StatusQueue
            namespace="refunds"
            status={view}
            definition={REFUND_LIST}
            usePage={useRefundsPage}
            kinds={REFUND_KINDS}
            kindLabel={(kind) => t(`kinds.${kind}`)}
          >
            {(items, sort, onSortChange) => (
              <RefundsTable
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
