/** Export CSV on the estate register: every allotment the register's filters and search pick, downloaded as it
 * streams with its progress shown, then saved. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import { toast } from 'sonner';
import { formatNumber } from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { errorDetail } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import type { ExportProgress } from '../../../../lib/streamed-download';
import { downloadRegisterExport, registerExportFileName } from '../api/register-export';

const KILOBYTE = 1024;

export function RegisterExportButton({ query }: { query: Record<string, string | undefined> }) {
  const { t } = useTranslation('allotments');
  const [running, setRunning] = useState<ExportProgress | null>(null);

  const exportCsv = async () => {
    setRunning({ bytes: 0, rows: 0, total: null });
    try {
      const file = await downloadRegisterExport(query, setRunning);
      const fileName = file.fileName ?? registerExportFileName();
      saveFile(file.blob, fileName);
      toast.success(t('export.done', { count: file.rows, fileName }));
    } catch (error) {
      toast.error(t('export.failed'), { description: errorDetail(error, '') || undefined });
    } finally {
      setRunning(null);
    }
  };

  const total = running?.total ?? null;
  const percent = running && total ? Math.floor((running.rows / total) * 100) : 0;
  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
        busy={running !== null}
        busyText={t('export.busy', { percent })}
        onClick={() => void exportCsv()}
      >
        {t('export.button')}
      </Button>
      {running && (
        <div className="w-64 space-y-1">
          <progress
            className="h-2 w-full accent-brand-700"
            aria-label={t('export.progressLabel')}
            value={running.rows}
            max={Math.max(1, total ?? 0)}
          />
          <p className="text-sm tabular-nums text-slate-700" aria-live="polite">
            {t('export.received', {
              rows: formatNumber(running.rows),
              total: formatNumber(total ?? 0),
              size: formatNumber(Math.ceil(running.bytes / KILOBYTE)),
            })}
          </p>
        </div>
      )}
    </div>
  );
}
