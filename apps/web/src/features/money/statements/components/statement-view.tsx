/** The statement of account of an application or an allotment (decision 016): the period (dd/mm/yyyy fields), the
 * opening and closing balance with the period's debits and credits, the entries a page at a time each with the
 * balance after it, the PDF of the period, and, on an allotment's statement, the no-dues certificate for its holder
 * or a finance officer (offered only when nothing is owed, with the reason otherwise). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, BadgeCheck } from 'lucide-react';
import {
  isApplicant,
  isApplicantRole,
  formatDate,
  formatNumber,
  formatRupees,
  ISSUED_DOCUMENT_PATHS,
  NO_DUES_ISSUERS,
  readRefusal,
  STATEMENT_PAGE_SIZE,
  type NoDuesCertificate,
  type Role,
  type Statement,
  type StatementEntry,
} from '@portal/contract';
import { DateFilterField } from '../../../../components/form/date-input';
import { FileDownloadButton } from '../../../documents/components/letters/file-download-button';
import { Pager } from '../../../../components/pager';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { ApiError, errorDetail } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth';
import { statementPdfPath, useIssueNoDues, useStatement, type AccountKind } from '../api/statements';

/** A balance in words: payable, in credit, or nothing payable. */
function useBalanceText() {
  const { t } = useTranslation('statements');
  return (balance: number) => {
    const amount = formatRupees(Math.abs(balance));
    if (balance > 0) return t('balance.owed', { amount });
    if (balance < 0) return t('balance.inCredit', { amount });
    return t('balance.settled', { amount });
  };
}

function Summary({ statement }: { statement: Statement }) {
  const { t } = useTranslation('statements');
  const balanceText = useBalanceText();
  const rows: Array<[string, string, string]> = [
    ['opening', t('summary.opening'), balanceText(statement.opening_balance)],
    ['debit', t('summary.totalDebit'), formatRupees(statement.total_debit)],
    ['credit', t('summary.totalCredit'), formatRupees(statement.total_credit)],
    ['closing', t('summary.closing'), balanceText(statement.closing_balance)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {rows.map(([key, label, value]) => (
        <div key={key} className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid={`summary-${key}`}>
          <dt className="text-sm font-medium text-slate-700">{label}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EntriesTable({ entries }: { entries: StatementEntry[] }) {
  const { t } = useTranslation('statements');
  const amount = (value: number) => (value === 0 ? '' : formatRupees(value));
  const columns: Column<StatementEntry>[] = [
    { key: 'date', header: t('columns.date'), cell: (row) => formatDate(row.posted_at) },
    {
      key: 'type',
      header: t('columns.particulars'),
      wrap: true,
      card: 'title',
      cell: (row) => t(`entryTypes.${row.entry_type}`),
    },
    { key: 'reference', header: t('columns.reference'), cell: (row) => row.reference },
    { key: 'debit', header: t('columns.debit'), numeric: true, cell: (row) => amount(row.debit) },
    { key: 'credit', header: t('columns.credit'), numeric: true, cell: (row) => amount(row.credit) },
    {
      key: 'balance',
      header: t('columns.balance'),
      numeric: true,
      cell: (row) =>
        row.balance < 0 ? t('balance.creditShort', { amount: formatRupees(-row.balance) }) : formatRupees(row.balance),
    },
  ];
  return <DataTable caption={t('entries.caption')} columns={columns} rows={entries} rowKey={(row) => String(row.id)} />;
}

function NoDuesCard({ allotmentId, statement }: { allotmentId: string; statement: Statement }) {
  const { t } = useTranslation('statements');
  const issue = useIssueNoDues(allotmentId);
  const [issued, setIssued] = useState<NoDuesCertificate | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const clear = statement.current_balance === 0 && statement.unpaid_invoices === 0;
  const balanceText = useBalanceText();
  // Payable, or in credit (a refund approved and not yet paid out): either way not nil.
  const amount = balanceText(statement.current_balance);
  const reason = clear
    ? null
    : statement.current_balance === 0
      ? t('noDues.notClearInvoices', { count: statement.unpaid_invoices })
      : statement.unpaid_invoices === 0
        ? t('noDues.notClearAmount', { amount })
        : t('noDues.notClearBalance', { amount, count: statement.unpaid_invoices });

  const request = () => {
    setRefused(null);
    issue.mutate(undefined, {
      onSuccess: setIssued,
      onError: (error) => {
        const refusal = error instanceof ApiError ? readRefusal(error.body) : null;
        setRefused(
          refusal?.reason === 'dues_outstanding'
            ? t('noDues.refused', { amount: formatRupees(Number(refusal.params.amount)) })
            : errorDetail(error, t('noDues.failed')),
        );
      },
    });
  };

  return (
    <Card title={t('noDues.title')}>
      <p className="mb-4 text-slate-700">{t('noDues.explain')}</p>
      {issued ? (
        <div role="status" className="space-y-3 rounded-md border-l-4 border-green-700 bg-green-50 p-4">
          <p className="font-medium text-green-900">
            {t('noDues.issued', { number: issued.document_number, date: formatDate(issued.as_on) })}
          </p>
          <p className="text-sm text-green-900">{t('noDues.code', { code: issued.verification_code })}</p>
          <FileDownloadButton
            path={ISSUED_DOCUMENT_PATHS.noDuesCertificate(allotmentId)}
            fileName={`no-dues-certificate-${issued.document_number}.pdf`}
            busyText={t('noDues.downloading')}
            failedText={t('noDues.downloadFailed')}
          >
            {t('noDues.download')}
          </FileDownloadButton>
        </div>
      ) : (
        <div className="space-y-3">
          <Button
            icon={<BadgeCheck aria-hidden="true" className="h-4 w-4" />}
            disabled={!clear}
            aria-describedby={reason ? 'no-dues-reason' : undefined}
            busy={issue.isPending}
            busyText={t('noDues.requesting')}
            onClick={request}
          >
            {t('noDues.request')}
          </Button>
          {reason && (
            <p id="no-dues-reason" className="text-sm text-slate-700">
              {reason}
            </p>
          )}
          {refused && (
            <p role="alert" className="text-sm font-medium text-red-800">
              {refused}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

function backLink(kind: AccountKind, id: string, statement: Statement | undefined, role: Role | undefined) {
  if (role && isApplicantRole(role)) return kind === 'allotment' ? '/allotments' : `/applications/${id}`;
  return statement ? `/officer/applications/${statement.account.application_id}` : null;
}

export function StatementView({ kind, id }: { kind: AccountKind; id: string }) {
  const { t } = useTranslation('statements');
  const { user } = useAuth();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const limit = STATEMENT_PAGE_SIZE;
  const statement = useStatement(kind, id, { from, to, limit, offset: (page - 1) * limit });
  const data = statement.data;
  const back = backLink(kind, id, data, user?.role);
  const mayAskNoDues =
    kind === 'allotment' && !!user && (isApplicant(user) || (NO_DUES_ISSUERS as readonly Role[]).includes(user.role));
  const account = data?.account;
  const subtitle = account
    ? [
        t('account.application', { number: account.application_number }),
        ...(account.allotment_number ? [t('account.allotment', { number: account.allotment_number })] : []),
        account.holder_name,
      ].join(' · ')
    : undefined;

  return (
    <>
      <PageHeader
        title={kind === 'allotment' ? t('titleAllotment') : t('title')}
        subtitle={subtitle}
        actions={
          back ? (
            <Link to={back} className={buttonClasses('secondary', 'md')}>
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              {t('back')}
            </Link>
          ) : undefined
        }
      />
      <div className="space-y-6">
        <Card title={t('period.title')}>
          <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
            <DateFilterField
              id="statement-from"
              label={t('period.from')}
              value={from}
              onChange={(day) => {
                setFrom(day);
                setPage(1);
              }}
            />
            <DateFilterField
              id="statement-to"
              label={t('period.to')}
              value={to}
              onChange={(day) => {
                setTo(day);
                setPage(1);
              }}
            />
            <div className="sm:mb-6">
              <FileDownloadButton
                path={statementPdfPath(kind, id, { from, to })}
                fileName={`statement-${account?.allotment_number ?? account?.application_number ?? id}.pdf`}
                busyText={t('pdf.downloading')}
                failedText={t('pdf.failed')}
              >
                {t('pdf.download')}
              </FileDownloadButton>
            </div>
          </div>
        </Card>
        <QueryState query={statement} errorMessage={t('loadFailed')} isEmpty={() => false}>
          {(loaded) => (
            <>
              <Card title={t('summary.title')}>
                <Summary statement={loaded} />
              </Card>
              <Card title={t('entries.title', { count: loaded.entry_count, total: formatNumber(loaded.entry_count) })}>
                {loaded.entries.length === 0 ? (
                  <p className="text-slate-700">{t('entries.empty')}</p>
                ) : (
                  <>
                    <EntriesTable entries={loaded.entries} />
                    <Pager
                      page={page}
                      limit={limit}
                      total={loaded.entry_count}
                      itemCount={loaded.entries.length}
                      onPageChange={setPage}
                      label={t('entries.pager')}
                    />
                  </>
                )}
                <p className="mt-4 text-sm text-slate-700">{t('entries.explain')}</p>
              </Card>
              {mayAskNoDues && <NoDuesCard allotmentId={id} statement={loaded} />}
            </>
          )}
        </QueryState>
      </div>
    </>
  );
}
