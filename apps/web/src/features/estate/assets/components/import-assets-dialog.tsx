/** Import assets from a CSV file: all rows or none. The file is checked when chosen and on submit (a .csv of at most
 * 5 MB); a refused file lists each refused row and why, in the dialog. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Upload } from 'lucide-react';
import { z } from 'zod';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAP_COLUMNS,
  MAX_UPLOAD_BYTES,
  type AssetImportRefusal,
  type AssetImportReport,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Button } from '../../../../components/ui/button';
import { DataTable } from '../../../../components/ui/data-table';
import { Input } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { ApiError, errorDetail } from '../../../../lib/api-client';
import { useImportAssets } from '../api/assets';

const TEMPLATE =
  `${[...ASSET_IMPORT_COLUMNS, ...ASSET_IMPORT_MAP_COLUMNS].join(',')}\n` +
  'HYD-PL-101,industrial,plot,Hyderabad North,Patancheru IDA,245/2,P-101,1200.50,1200.50,sqm,2500000,available,20,1,3,3\n' +
  'HYD-PL-102,industrial,plot,Hyderabad North,Patancheru IDA,245/3,P-102,900,900,sqm,1900000,available,,,,\n';

/** The one field: a chosen .csv file of at most MAX_UPLOAD_BYTES. Its reasons: required, not_csv, too_large. */
const importSchema = z
  .object({ file: z.custom<File | null>((value) => value === null || value instanceof Blob) })
  .superRefine(({ file }, context) => {
    const problem = !file
      ? 'required'
      : !file.name.toLowerCase().endsWith('.csv')
        ? 'not_csv'
        : file.size > MAX_UPLOAD_BYTES
          ? 'too_large'
          : undefined;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['file'] });
  })
  .transform(({ file }) => ({ file: file as File }));

function isRefusal(body: unknown): body is AssetImportRefusal {
  return Boolean(body && typeof body === 'object' && Array.isArray((body as AssetImportRefusal).refused));
}

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([TEMPLATE], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'assets-template.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ImportAssetsDialog() {
  const { t, i18n } = useTranslation('assets');
  // English keeps the server's own sentences (they quote the rule broken); other languages word the codes.
  const reasonsOf = (row: AssetImportRefusal['refused'][number]) =>
    i18n.resolvedLanguage === 'en' || row.problems.length === 0
      ? row.reasons
      : row.problems.map((problem) => t(`import.problems.${problem.code}`, problem.params));
  const [rowsRefused, setRowsRefused] = useState<AssetImportRefusal | null>(null);
  const importAssets = useImportAssets();
  const dialog = useDialogAction(importAssets.isPending);
  const form = useSchemaForm({
    schema: importSchema,
    defaultValues: { file: null },
    messages: 'assets:import.errors',
    idPrefix: 'import-assets-',
    fieldOrder: ['file'],
  });

  const choose = (chosen: File | null) => {
    dialog.setRefusal(undefined);
    setRowsRefused(null);
    // A wrong file is said at once; taking the file away says nothing until the next submit.
    form.setValue('file', chosen, { shouldValidate: chosen !== null });
    if (!chosen) form.clearErrors('file');
  };

  return (
    <SchemaFormDialog
      form={form}
      onValid={({ file }) =>
        dialog.send<AssetImportReport>(
          (outcome) => {
            setRowsRefused(null);
            importAssets.mutate(file, outcome);
          },
          {
            done: (report) => t('import.imported', { count: report.imported }),
            // A file refused row by row lists its rows; any other refusal is said in words.
            failed: (error) => {
              if (!(error instanceof ApiError && error.status === 422 && isRefusal(error.body)))
                return errorDetail(error, t('import.failed'));
              setRowsRefused(error.body);
              return undefined;
            },
            then: () => form.reset(),
          },
        )
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={(next) => {
        if (!next) setRowsRefused(null);
        dialog.onOpenChange(next);
      }}
      size="xl"
      title={t('import.title')}
      description={t('import.description')}
      trigger={
        <Button variant="secondary" icon={<Upload aria-hidden="true" className="h-4 w-4" />}>
          {t('importCsv')}
        </Button>
      }
      cancelLabel={t('import.cancel')}
      submitLabel={t('import.submit')}
      busy={importAssets.isPending}
      busyText={t('import.submitting')}
    >
      <FormField
        form={form}
        name="file"
        label={t('import.file')}
        hint={t('import.hint', {
          columns: ASSET_IMPORT_COLUMNS.join(', '),
          mapColumns: ASSET_IMPORT_MAP_COLUMNS.join(', '),
        })}
      >
        <Input type="file" accept=".csv,text/csv" onChange={(event) => choose(event.target.files?.[0] ?? null)} />
      </FormField>
      <Button variant="link" icon={<Download aria-hidden="true" className="h-4 w-4" />} onClick={downloadTemplate}>
        {t('import.template')}
      </Button>
      {rowsRefused && (
        <div role="alert" className="space-y-3 rounded-md border-l-4 border-red-700 bg-red-50 p-4">
          <h3 className="font-bold text-slate-900">{t('import.refusedTitle')}</h3>
          <p className="text-slate-800">
            {rowsRefused.refused.length > 0
              ? t('import.refusedBody', { count: rowsRefused.refused.length })
              : rowsRefused.detail}
          </p>
          {rowsRefused.refused.length > 0 && (
            <DataTable
              caption={t('import.refusedCaption')}
              rows={rowsRefused.refused}
              rowKey={(row) => String(row.row)}
              columns={[
                {
                  key: 'row',
                  header: t('import.row'),
                  numeric: true,
                  cell: (row) => (row.row === 1 ? t('import.headerRow') : row.row),
                },
                { key: 'code', header: t('import.assetCode'), cell: (row) => row.asset_code ?? '—' },
                {
                  key: 'reasons',
                  header: t('import.reasons'),
                  className: 'whitespace-normal',
                  cell: (row) => (
                    <ul className="list-disc space-y-1 pl-4">
                      {reasonsOf(row).map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          )}
        </div>
      )}
    </SchemaFormDialog>
  );
}
