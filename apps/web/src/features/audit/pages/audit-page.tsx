/** The Audit screen (admin): every recorded write, newest first, a page at a time; filtered by table, record, action,
 * acting user and day, and exported as CSV under the same filters. An application's officer page links here with
 * entity=applications&entity_id=<id>. */
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  APPLICATION_STATUSES,
  AUDIT_ACTIONS,
  AUDIT_LIST,
  AUDITED_ENTITIES,
  DEFAULT_STAGE,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  isMoneyField,
  type AuditEntry,
} from '@portal/contract';
import { DateFilterField } from '../../../components/form/date-input';
import { ListToolbar } from '../../../components/list-toolbar';
import { useSortChange } from '../../../components/list/use-sort-change';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { errorDetail } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { ALL_CHOICE, useListParams } from '../../../lib/use-list-params';
import { downloadAuditCsv, useAuditPage } from '../api/audit';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A number as PostgreSQL writes a numeric column into a recorded change: "6131.60". */
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** Fields whose value is never shown, even scrambled. */
const HIDDEN_FIELDS: ReadonlySet<string> = new Set(['password_hash', 'storage_key']);

/** Where another screen already words a field's codes: the catalogues to look in, the first that knows the value. */
const VALUE_CATALOGUES: Readonly<Record<string, readonly string[]>> = {
  role: ['audit:roles'],
  waiting_on: ['audit:roles'],
  escalated_to: ['audit:roles'],
  invoice_type: ['applications:invoiceTypes'],
  request_type: ['applications:serviceRequestTypes'],
  document_type: ['applications:documentTypes'],
  constitution: ['applications:constitutions'],
  new_constitution: ['applications:constitutions'],
  milestone: ['applications:milestones'],
  committee_type: ['meetings:create.committeeTypes'],
  ground: ['appeals:grounds'],
  mode: ['schemes:modes'],
  outcome: ['schemes:outcomes'],
  kind: ['verify:kinds', 'adjustments:kinds'],
  unmatched_reason: ['bank-reconciliation:reasons'],
  language: ['outbox:languages'],
  stage_code: ['audit:fieldValues.stage_code', 'ui:stages'],
};

/** A recorded change in words: fields by their names in the reader's language, codes (statuses, types, roles,
 * kinds, a stage the portal set) by the words the other screens give them, instants and days through the shared
 * formatters, yes or no, and nested values as "name: value" (never raw JSON or snake_case). */
function useChangeWords() {
  const { t, i18n } = useTranslation('audit');
  const field = (name: string) => t(`fields.${name}`, { defaultValue: name.replace(/_/g, ' ') });
  const value = (raw: unknown, fieldName?: string): string => {
    if (raw === null || raw === undefined || raw === '') return '—';
    if (typeof raw === 'boolean') return t(raw ? 'values.yes' : 'values.no');
    const amount = typeof raw === 'number' || (typeof raw === 'string' && DECIMAL.test(raw));
    if (amount && fieldName && isMoneyField(fieldName)) return formatRupees(raw);
    if (typeof raw === 'number') return formatNumber(raw);
    if (typeof raw === 'string') {
      if (INSTANT.test(raw)) return formatDateTime(raw);
      if (DAY.test(raw)) return formatDate(raw);
      // A unit, a category or a type: the code of its field, worded as the other screens word it.
      if (fieldName && i18n.exists(`audit:fieldValues.${fieldName}.${raw}`))
        return t(`fieldValues.${fieldName}.${raw}`);
      const worded = fieldName
        ? VALUE_CATALOGUES[fieldName]?.map((catalogue) => `${catalogue}.${raw}`).find((key) => i18n.exists(key))
        : undefined;
      if (worded) return t(worded);
      // The English of a status's own stage, as the portal stores it beside the stage's code.
      const stageOf =
        fieldName === 'current_stage' && APPLICATION_STATUSES.find((status) => DEFAULT_STAGE[status] === raw);
      if (stageOf) return t(`ui:stages.status.${stageOf}`);
      if (/^[a-z][a-z0-9_]*$/.test(raw) && i18n.exists(`ui:status.${raw}`)) return t(`ui:status.${raw}`);
      return /^[a-z0-9]+(_[a-z0-9]+)+$/.test(raw) ? raw.replace(/_/g, ' ') : raw;
    }
    if (Array.isArray(raw)) return raw.map((item) => value(item, fieldName)).join(', ');
    return Object.entries(raw as Record<string, unknown>)
      .map(([name, inner]) => `${field(name)}: ${value(inner, name)}`)
      .join('; ');
  };
  return { field, value, hidden: t('values.hidden') };
}

/** update: field: before → after; insert and delete: field: value. */
function Changes({ entry }: { entry: AuditEntry }) {
  const words = useChangeWords();
  const fields = Object.entries(entry.changes);
  return (
    <dl className="grid min-w-[16rem] grid-cols-[auto_1fr] gap-x-2 text-xs">
      {fields.map(([field, value]) => (
        <div key={field} className="contents">
          <dt className="font-medium text-slate-700">{words.field(field)}</dt>
          <dd className="text-slate-900 [overflow-wrap:anywhere]">
            {HIDDEN_FIELDS.has(field)
              ? words.hidden
              : entry.action === 'update' && Array.isArray(value) && value.length === 2
                ? `${words.value(value[0], field)} → ${words.value(value[1], field)}`
                : words.value(value, field)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The table of one page. Kept while its rows and sort are the same: each key typed into the search draws the page
 * again, and every row drawn again per key cost most of a frame. */
const AuditTable = memo(function AuditTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: AuditEntry[];
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('audit');
  const columns: Column<AuditEntry>[] = [
    {
      key: 'seq',
      header: t('columns.seq'),
      sortBy: 'seq',
      sortDescendingFirst: true,
      cell: (entry) => <span className="tabular-nums">{entry.seq}</span>,
    },
    { key: 'at', header: t('columns.at'), wrap: true, cell: (entry) => formatDateTime(entry.at) },
    {
      key: 'actor',
      header: t('columns.actor'),
      wrap: true,
      cell: (entry) => (
        <>
          <span className="font-medium">{entry.actor_name ?? t(`actors.${entry.actor_id ? 'unknown' : 'none'}`)}</span>
          {entry.actor_email && <span className="block text-xs text-slate-600">{entry.actor_email}</span>}
          <span className="block text-xs text-slate-600">{t(`roles.${entry.actor_role}`, entry.actor_role)}</span>
        </>
      ),
    },
    { key: 'action', header: t('columns.action'), cell: (entry) => t(`actions.${entry.action}`) },
    {
      key: 'entity',
      header: t('columns.entity'),
      wrap: true,
      cell: (entry) => (
        <>
          <span>{t(`entities.${entry.entity}`, { defaultValue: entry.entity.replace(/_/g, ' ') })}</span>
          {entry.entity_name ? (
            <>
              <span className="block font-medium">{entry.entity_name}</span>
              {entry.entity_email && <span className="block text-xs text-slate-600">{entry.entity_email}</span>}
              {/* The id one click away, for a search or a support call. */}
              <details className="text-xs text-slate-600">
                <summary className="cursor-pointer underline underline-offset-2">{t('recordId')}</summary>
                <span className="block max-w-[10rem] break-all">{entry.entity_id}</span>
              </details>
            </>
          ) : (
            <span className="block max-w-[10rem] break-all text-xs text-slate-600">{entry.entity_id}</span>
          )}
        </>
      ),
    },
    { key: 'changes', header: t('columns.changes'), wrap: true, cell: (entry) => <Changes entry={entry} /> },
    {
      key: 'request',
      header: t('columns.request'),
      wrap: true,
      cell: (entry) => (
        <span className="block max-w-[9rem] text-xs break-all text-slate-600">
          {entry.request_id ?? '—'}
          {entry.client_address && <span className="block">{entry.client_address}</span>}
        </span>
      ),
    },
  ];

  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={auditTableKey}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

const auditTableKey = (entry: AuditEntry) => String(entry.seq);

export default function AuditPage() {
  const { t } = useTranslation('audit');
  const list = useListParams(AUDIT_LIST);
  const sortBy = useSortChange(list.setSort);
  const entries = useAuditPage(list.query);
  const [exporting, setExporting] = useState(false);

  useFailureToast(entries.isError, t('loadFailed'), 'audit-load-failed');

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await downloadAuditCsv(list.query);
      saveFile(file.blob, file.fileName ?? 'audit-trail.csv');
      toast.success(t('exported'));
    } catch (error) {
      toast.error(t('exportFailed'), { description: errorDetail(error, '') || undefined });
    } finally {
      setExporting(false);
    }
  };

  const entity = list.choice('entity', AUDITED_ENTITIES);
  const commitText = (filter: 'actor' | 'entity_id') => (event: { currentTarget: HTMLInputElement }) =>
    list.setFilter(filter, event.currentTarget.value.trim() || undefined);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button variant="secondary" onClick={exportCsv} busy={exporting} busyText={t('exporting')}>
            {t('export')}
          </Button>
        }
      />
      <ListToolbar
        searchId="audit-search"
        statusId="audit-entity-filter"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        statusLabel={t('filters.entity')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={entity}
        onStatusChange={(value) => list.setChoice('entity', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allEntities') },
          ...AUDITED_ENTITIES.map((value) => ({ value, label: t(`entities.${value}`) })),
        ]}
      >
        <Field id="audit-action-filter" label={t('filters.action')}>
          <Select
            value={list.choice('action', AUDIT_ACTIONS)}
            onChange={(event) => list.setChoice('action', event.target.value)}
          >
            <option value={ALL_CHOICE}>{t('filters.allActions')}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`actions.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="audit-entity-id-filter" label={t('filters.entityId')}>
          <Input
            key={`entity_id:${list.filters.entity_id ?? ''}`}
            defaultValue={list.filters.entity_id ?? ''}
            onBlur={commitText('entity_id')}
            onKeyDown={(event) => event.key === 'Enter' && commitText('entity_id')(event)}
          />
        </Field>
        <Field id="audit-actor-filter" label={t('filters.actor')} hint={t('filters.actorHint')}>
          <Input
            key={`actor:${list.filters.actor ?? ''}`}
            defaultValue={list.filters.actor ?? ''}
            onBlur={commitText('actor')}
            onKeyDown={(event) => event.key === 'Enter' && commitText('actor')(event)}
          />
        </Field>
        <DateFilterField
          id="audit-from-filter"
          label={t('filters.from')}
          value={list.filters.from ?? ''}
          onChange={(day) => list.setFilter('from', day || undefined)}
        />
        <DateFilterField
          id="audit-to-filter"
          label={t('filters.to')}
          value={list.filters.to ?? ''}
          onChange={(day) => list.setFilter('to', day || undefined)}
        />
      </ListToolbar>
      <PagedList
        query={entries}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={t('filters.empty')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => <AuditTable rows={items} sort={list.sort} onSortChange={sortBy} />}
      </PagedList>
    </>
  );
}
