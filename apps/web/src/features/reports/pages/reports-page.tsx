/** The Reports screen: type, date range (typed as dd/mm/yyyy), status (applications only) and zone; Generate; the
 * totals and a chart by status or zone over every matching row (grouped by the server), the first 50 rows, and the
 * whole report exported as JSON or CSV, streamed from the server with its progress shown. */
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { FileDown, FileJson } from 'lucide-react';
import { toast } from 'sonner';
import {
  formatDateTime,
  formatNumber,
  formatRupees,
  REPORT_AMOUNT_COLUMN,
  REPORT_STATUS_FILTERS,
  REPORT_TABLE_ROWS,
  REPORT_TYPES,
  type Report,
  type ReportExportFormat,
} from '@portal/contract';
import { DateInput, inputDate, useDateHint } from '../../../components/form/date-input';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../components/form/schema-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useZones } from '../../../api/assets';
import { errorDetail } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { downloadReportExport, useGenerateReport, type ExportProgress, type ReportRequest } from '../api/reports';
import { ReportChart } from '../components/report-chart';
import { ReportTable } from '../components/report-table';
import { CHART_GROUPS, reportGroups, type ChartGroup } from '../lib/group-report';
import { reportFileName } from '../lib/report-export';

/** The form holds the dates as typed (dd/mm/yyyy); Generate sends them as YYYY-MM-DD (or none). */
const reportFormSchema = z
  .object({
    type: z.enum(REPORT_TYPES),
    from_date: inputDate({ optional: true }),
    to_date: inputDate({ optional: true }),
    status: z.string(),
    zone: z.string(),
  })
  .superRefine(({ from_date: from, to_date: to }, context) => {
    if (from && to && from > to) context.addIssue({ code: 'custom', path: ['to_date'], message: 'before_from' });
  });
const INITIAL = { type: 'applications', from_date: '', to_date: '', status: 'all', zone: '' } as const;
const KILOBYTE = 1024;

type RunningExport = ExportProgress & { format: ReportExportFormat };

function Totals({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const amountColumn = REPORT_AMOUNT_COLUMN[report.report_type];
  const amount = report.totals?.amount;
  return (
    <dl role="group" aria-label={t('result.totalsLabel')} className="mb-4 flex flex-wrap gap-x-8 gap-y-2">
      <div>
        <dt className="text-sm text-slate-600">{t('result.totalRows')}</dt>
        <dd className="text-2xl font-bold tabular-nums text-slate-900">{formatNumber(report.count)}</dd>
      </div>
      {amountColumn && amount !== undefined && (
        <div>
          <dt className="text-sm text-slate-600">
            {t('result.totalAmount', { column: t(`columns.${amountColumn}`) })}
          </dt>
          <dd className="text-2xl font-bold tabular-nums text-slate-900">{formatRupees(amount)}</dd>
        </div>
      )}
    </dl>
  );
}

function Exports({ report, request }: { report: Report; request: ReportRequest }) {
  const { t } = useTranslation('reports');
  const [running, setRunning] = useState<RunningExport | null>(null);

  const exportAs = async (format: ReportExportFormat) => {
    setRunning({ format, bytes: 0, rows: 0, total: report.count });
    try {
      const file = await downloadReportExport(request, format, (progress) => setRunning({ format, ...progress }));
      const fileName = file.fileName ?? reportFileName(report.report_type, format);
      saveFile(file.blob, fileName);
      toast.success(t('exported'), { description: t('export.done', { count: file.rows, fileName }) });
    } catch (error) {
      toast.error(t('exportFailed'), { description: errorDetail(error, '') || undefined });
    } finally {
      setRunning(null);
    }
  };

  const total = running?.total ?? report.count;
  const percent = running && total > 0 ? Math.floor((running.rows / total) * 100) : 0;
  const button = (format: ReportExportFormat, icon: ReactNode, label: string) => (
    <Button
      variant="secondary"
      size="sm"
      icon={icon}
      busy={running?.format === format}
      busyText={t('export.busy', { percent })}
      disabled={running !== null}
      onClick={() => void exportAs(format)}
    >
      {label}
    </Button>
  );

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap gap-2">
        {button('json', <FileJson aria-hidden="true" className="h-4 w-4" />, t('result.exportJson'))}
        {button('csv', <FileDown aria-hidden="true" className="h-4 w-4" />, t('result.exportCsv'))}
      </div>
      {running && (
        <div className="w-64 space-y-1">
          <progress
            className="h-2 w-full accent-brand-700"
            aria-label={t('export.progressLabel', { format: running.format.toUpperCase() })}
            value={running.rows}
            max={Math.max(1, total)}
          />
          <p className="text-sm tabular-nums text-slate-700" aria-live="polite">
            {t('export.received', {
              rows: formatNumber(running.rows),
              total: formatNumber(total),
              size: formatNumber(Math.ceil(running.bytes / KILOBYTE)),
            })}
          </p>
        </div>
      )}
    </div>
  );
}

function ReportResult({ report, request }: { report: Report; request: ReportRequest }) {
  const { t } = useTranslation('reports');
  const [group, setGroup] = useState<ChartGroup>('status');
  const typeName = t(`types.${report.report_type}`);

  return (
    <Card
      title={t('result.title', { type: typeName })}
      action={report.count > 0 ? <Exports report={report} request={request} /> : undefined}
    >
      <p className="mb-4 text-slate-700" aria-live="polite">
        {t('result.summary', { count: report.count, when: formatDateTime(report.generated_at) })}
      </p>
      {report.count === 0 ? (
        <EmptyState message={t('result.empty')} />
      ) : (
        <div className="space-y-6">
          <Totals report={report} />
          <div className="space-y-3">
            <Field id="chart-group" label={t('chart.groupBy')} className="max-w-xs">
              <Select value={group} onChange={(event) => setGroup(event.target.value as ChartGroup)}>
                {CHART_GROUPS.map((value) => (
                  <option key={value} value={value}>
                    {t(`chart.groupOptions.${value}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <ReportChart groups={reportGroups(report, group)} by={group} total={report.count} />
          </div>
          {report.count > REPORT_TABLE_ROWS && (
            <p className="text-sm text-slate-600">
              {t('result.showing', { shown: REPORT_TABLE_ROWS, count: report.count })}
            </p>
          )}
          <ReportTable report={report} />
        </div>
      )}
    </Card>
  );
}

export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const dateHint = useDateHint();
  const generate = useGenerateReport();
  const form = useSchemaForm({
    schema: reportFormSchema,
    defaultValues: INITIAL,
    messages: 'reports:filters.errors',
    idPrefix: 'report-',
  });
  const type = form.watch('type');
  // Chosen from the zones that hold assets, not typed: a zone's name typed in the reader's script matched nothing.
  const zones = useZones();

  const submit = (request: ReportRequest) =>
    generate.mutate(request, {
      onSuccess: () => toast.success(t('generated')),
      onError: (error) => toast.error(t('failed'), { description: errorDetail(error, '') || undefined }),
    });

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card title={t('filters.title')} className="mb-6">
        <SchemaFormElement form={form} onValid={submit} className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          <FormField form={form} name="type" label={t('filters.type')}>
            <Select {...form.register('type')}>
              {REPORT_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`types.${value}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            form={form}
            name="from_date"
            label={t('filters.fromDate')}
            optional
            hint={`${t('filters.dateHint')} ${dateHint}`}
          >
            <DateInput {...form.register('from_date')} />
          </FormField>
          <FormField form={form} name="to_date" label={t('filters.toDate')} optional hint={dateHint}>
            <DateInput {...form.register('to_date')} />
          </FormField>
          {type === 'applications' && (
            <FormField form={form} name="status" label={t('filters.status')} hint={t('filters.statusHint')}>
              <Select {...form.register('status')}>
                {['all', ...REPORT_STATUS_FILTERS.applications].map((status) => (
                  <option key={status} value={status}>
                    {t(`statuses.${status}`)}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
          <FormField form={form} name="zone" label={t('filters.zone')} hint={t('filters.zoneHint')}>
            <Select {...form.register('zone')}>
              <option value="">{t('filters.allZones')}</option>
              {(zones.data?.zones ?? []).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Select>
          </FormField>
          <div className="flex items-end md:col-span-2 lg:col-span-3">
            <Button type="submit" busy={generate.isPending} busyText={t('filters.generating')}>
              {t('filters.generate')}
            </Button>
          </div>
        </SchemaFormElement>
      </Card>
      {generate.isPending ? (
        <Spinner label={t('filters.generating')} />
      ) : generate.data && generate.variables ? (
        <ReportResult key={generate.data.generated_at} report={generate.data} request={generate.variables} />
      ) : (
        <Card>
          <EmptyState message={t('result.notYet')} />
        </Card>
      )}
    </>
  );
}
