/** The first 50 rows of a report, in the columns of its type, with money, dates and statuses formatted. */
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatNumber,
  formatRupees,
  REPORT_COLUMNS,
  REPORT_TABLE_ROWS,
  stageSchema,
  type Report,
} from '@portal/contract';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { stageWords } from '../../../components/ui/stage-text';
import { StatusBadge } from '../../../components/ui/status-badge';

type Row = Report['data'][number];

const MONEY = new Set(['estimated_investment', 'valuation', 'amount']);
const DATES = new Set(['created_at', 'submitted_at', 'payment_date', 'allotment_date', 'expiry_date']);
const NUMBERS = new Set(['total_area', 'available_area', 'employment_generation']);
/** Columns that hold a code, shown in words (`codes.<column>.<value>`); a code the catalogue lacks shows as it is. */
const CODES = new Set(['application_type', 'type', 'unit', 'category_id', 'payment_method', 'allotment_type']);

export function ReportTable({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const { t: ui } = useTranslation('ui');
  const cell = (column: string, value: unknown, row: Row) => {
    if (column === 'status' && typeof value === 'string') return <StatusBadge status={value} />;
    // A stage the portal set is worded from its code; an officer's own words show as typed.
    if (column === 'current_stage') {
      const stage = stageSchema.safeParse(row.stage);
      return stageWords(ui, stage.success ? stage.data : null, typeof value === 'string' && value ? value : '—');
    }
    if (MONEY.has(column)) return formatRupees(value as number);
    if (DATES.has(column)) return formatDate(value as string | null);
    if (NUMBERS.has(column)) return formatNumber(value as number);
    if (CODES.has(column) && typeof value === 'string') return t(`codes.${column}.${value}`, { defaultValue: value });
    if (typeof value === 'boolean') return value ? t('yes') : t('no');
    if (value === null || value === undefined || value === '') return '—';
    return String(value);
  };
  const columns: Column<Row>[] = REPORT_COLUMNS[report.report_type].map((column) => ({
    key: column,
    header: t(`columns.${column}`),
    numeric: MONEY.has(column) || NUMBERS.has(column),
    // Words may wrap (names, locations, references), so the table fits a desk screen rather than hiding its last
    // columns to the side; figures and statuses keep to one line.
    wrap: !MONEY.has(column) && !NUMBERS.has(column) && column !== 'status',
    cell: (row) => cell(column, row[column], row),
  }));
  return (
    <DataTable
      caption={t('result.caption', { type: t(`types.${report.report_type}`) })}
      columns={columns}
      rows={report.data.slice(0, REPORT_TABLE_ROWS)}
      rowKey={(row) => String(row.id ?? JSON.stringify(row))}
    />
  );
}
