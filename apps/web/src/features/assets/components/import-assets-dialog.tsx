/** Import assets from a CSV file: all rows or none. A refused file lists each refused row and why. */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Upload } from 'lucide-react';
import { toast } from 'sonner';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAP_COLUMNS,
  MAX_UPLOAD_BYTES,
  type AssetImportRefusal,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { useImportAssets } from '../api/assets';

const TEMPLATE =
  `${[...ASSET_IMPORT_COLUMNS, ...ASSET_IMPORT_MAP_COLUMNS].join(',')}\n` +
  'HYD-PL-101,industrial,plot,Hyderabad North,Patancheru IDA,245/2,P-101,1200.50,1200.50,sqm,2500000,available,20,1,3,3\n' +
  'HYD-PL-102,industrial,plot,Hyderabad North,Patancheru IDA,245/3,P-102,900,900,sqm,1900000,available,,,,\n';

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
  const { t } = useTranslation('assets');
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<AssetImportRefusal | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const importAssets = useImportAssets();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setFile(null);
      setFileError(undefined);
      setRefusal(null);
    }
  };

  const choose = (chosen: File | null) => {
    setRefusal(null);
    setFile(chosen);
    if (!chosen) setFileError(undefined);
    else if (!chosen.name.toLowerCase().endsWith('.csv')) setFileError(t('import.notCsv'));
    else if (chosen.size > MAX_UPLOAD_BYTES) setFileError(t('import.tooLarge'));
    else setFileError(undefined);
  };

  const submit = async () => {
    if (!file) {
      setFileError(t('import.selectFile'));
      inputRef.current?.focus();
      return;
    }
    if (fileError) {
      inputRef.current?.focus();
      return;
    }
    try {
      const report = await importAssets.mutateAsync(file);
      toast.success(t('import.imported', { count: report.imported }));
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && isRefusal(error.body)) {
        setRefusal(error.body);
        toast.error(error.body.detail);
      } else {
        toast.error(errorDetail(error, t('import.failed')));
      }
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={t('import.title')}
      description={t('import.description')}
      trigger={
        <Button variant="secondary" icon={<Upload aria-hidden="true" className="h-4 w-4" />}>
          {t('importCsv')}
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('import.cancel')}
          </Button>
          <Button onClick={() => void submit()} busy={importAssets.isPending} busyText={t('import.submitting')}>
            {t('import.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field
          id={fileId}
          label={t('import.file')}
          hint={t('import.hint', {
            columns: ASSET_IMPORT_COLUMNS.join(', '),
            mapColumns: ASSET_IMPORT_MAP_COLUMNS.join(', '),
          })}
          error={fileError}
        >
          <Input
            ref={inputRef}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </Field>
        <Button variant="link" icon={<Download aria-hidden="true" className="h-4 w-4" />} onClick={downloadTemplate}>
          {t('import.template')}
        </Button>
        {refusal && (
          <div role="alert" className="space-y-3 rounded-md border-l-4 border-red-700 bg-red-50 p-4">
            <h3 className="font-bold text-slate-900">{t('import.refusedTitle')}</h3>
            <p className="text-slate-800">{refusal.detail}</p>
            {refusal.refused.length > 0 && (
              <DataTable
                caption={t('import.refusedCaption')}
                rows={refusal.refused}
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
                        {row.reasons.map((reason) => (
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
      </div>
    </Dialog>
  );
}
