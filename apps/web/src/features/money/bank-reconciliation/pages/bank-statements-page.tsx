/** Bank statements (finance): upload the bank's account statement (CSV, the format in the README) with its progress,
 * read the import's report line by line, and page through past imports, opening any one's report. The same file
 * uploaded again is refused with the earlier import's report (nothing changes). */
import { memo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import {
  formatDateTime,
  formatNumber,
  STATEMENT_IMPORT_LIST,
  STATEMENT_COLUMNS,
  type StatementImport,
  type StatementImportSummary,
} from '@portal/contract';
import { PagedList } from '../../../../components/paged-list';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { ApiError, errorCode, errorDetail } from '../../../../lib/api-client';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { useListParams } from '../../../../lib/use-list-params';
import { useStatementImport, useStatementImportsPage, useUploadStatement } from '../api/bank-reconciliation';
import { ImportReport } from '../components/import-report';

function UploadCard({ onImported }: { onImported: (report: StatementImport) => void }) {
  const { t } = useTranslation('bank-reconciliation');
  const [progress, setProgress] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [earlier, setEarlier] = useState<StatementImport | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadStatement(setProgress);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    setEarlier(null);
    if (!file) {
      setProblem(t('upload.chooseFile'));
      input.current?.focus();
      return;
    }
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (report) => {
        onImported(report);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (error) => {
        if (errorCode(error) === 'statement_already_imported' && error instanceof ApiError) {
          setProblem(t('upload.alreadyImported'));
          setEarlier((error.body as { import: StatementImport }).import);
        } else {
          setProblem(errorDetail(error, t('upload.failed')));
        }
      },
      onSettled: () => setProgress(null),
    });
  };

  return (
    <Card title={t('upload.title')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <p className="text-slate-700">{t('upload.format', { columns: STATEMENT_COLUMNS.join(', ') })}</p>
        <Field
          id="statement-file"
          label={t('upload.file')}
          hint={t('upload.hint')}
          error={problem && !earlier ? problem : undefined}
        >
          <Input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        </Field>
        <Button
          type="submit"
          icon={<Upload aria-hidden="true" className="h-4 w-4" />}
          busy={upload.isPending}
          busyText={t('upload.uploading')}
        >
          {t('upload.submit')}
        </Button>
        {progress !== null && (
          <div className="space-y-1">
            <p id="statement-progress-label" className="text-sm text-slate-700">
              {progress < 1 ? t('upload.sending', { percent: Math.round(progress * 100) }) : t('upload.matching')}
            </p>
            <div
              role="progressbar"
              aria-labelledby="statement-progress-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 w-full overflow-hidden rounded bg-slate-200"
            >
              <div className="h-full bg-brand-700 transition-all" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          </div>
        )}
        {earlier && (
          <div role="alert" className="space-y-4 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4">
            <p className="font-medium text-amber-950">{problem}</p>
            <ImportReport report={earlier} />
          </div>
        )}
      </form>
    </Card>
  );
}

const ImportsTable = memo(function ImportsTable({
  rows,
  onOpen,
}: {
  rows: StatementImportSummary[];
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('bank-reconciliation');
  const columns: Column<StatementImportSummary>[] = [
    { key: 'at', header: t('imports.columns.importedAt'), wrap: true, cell: (row) => formatDateTime(row.imported_at) },
    {
      key: 'file',
      header: t('imports.columns.file'),
      wrap: true,
      card: 'title',
      cell: (row) => <span className="break-all">{row.file_name}</span>,
    },
    { key: 'by', header: t('imports.columns.by'), wrap: true, cell: (row) => row.imported_by_name },
    { key: 'rows', header: t('report.rows'), numeric: true, cell: (row) => formatNumber(row.rows_total) },
    { key: 'matched', header: t('outcomes.matched'), numeric: true, cell: (row) => formatNumber(row.matched) },
    { key: 'unmatched', header: t('outcomes.unmatched'), numeric: true, cell: (row) => formatNumber(row.unmatched) },
    { key: 'malformed', header: t('outcomes.malformed'), numeric: true, cell: (row) => formatNumber(row.malformed) },
    {
      key: 'open',
      header: t('imports.columns.report'),
      card: 'actions',
      cell: (row) => (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('imports.openLabel', { file: row.file_name })}
          onClick={() => onOpen(row.id)}
        >
          {t('imports.open')}
        </Button>
      ),
    },
  ];
  return <DataTable caption={t('imports.caption')} columns={columns} rows={rows} rowKey={(row) => row.id} />;
});

function OpenedReport({ id }: { id: string }) {
  const { t } = useTranslation('bank-reconciliation');
  const report = useStatementImport(id);
  return (
    <QueryState query={report} errorMessage={t('imports.reportFailed')}>
      {(data) => <ImportReport report={data} />}
    </QueryState>
  );
}

export default function BankStatementsPage() {
  const { t } = useTranslation('bank-reconciliation');
  const list = useListParams(STATEMENT_IMPORT_LIST);
  const imports = useStatementImportsPage(list.query);
  const [latest, setLatest] = useState<StatementImport | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  useFailureToast(imports.isError, t('imports.loadFailed'), 'bank-statements-load-failed');

  return (
    <>
      <PageHeader title={t('statements.title')} subtitle={t('statements.subtitle')} />
      <div className="space-y-6">
        <UploadCard
          onImported={(report) => {
            setLatest(report);
            setOpened(null);
          }}
        />
        {latest && (
          <Card title={t('upload.done')}>
            <ImportReport report={latest} />
          </Card>
        )}
        <Card title={t('imports.title')}>
          <PagedList
            query={imports}
            list={list}
            errorMessage={t('imports.loadFailed')}
            emptyMessage={t('imports.empty')}
          >
            {(items) => <ImportsTable rows={items} onOpen={setOpened} />}
          </PagedList>
        </Card>
        {opened && (
          <Card title={t('imports.reportTitle')}>
            <OpenedReport id={opened} />
          </Card>
        )}
      </div>
    </>
  );
}
