/** Downloads an issued document (acknowledgment, receipt, allotment letter, possession certificate) as the PDF the
 * server made and keeps, so the copy saved is the one its verification code and SHA-256 vouch for. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import { toast } from 'sonner';
import { ISSUED_DOCUMENT_PATHS } from '@portal/contract';
import { Button, type ButtonSize } from '../ui/button';
import { api, errorDetail } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

export type DownloadableDocument = 'acknowledgment' | 'receipt' | 'letter' | 'certificate';

const PATHS: Record<DownloadableDocument, (id: string) => string> = {
  acknowledgment: ISSUED_DOCUMENT_PATHS.acknowledgment,
  receipt: ISSUED_DOCUMENT_PATHS.paymentReceipt,
  letter: ISSUED_DOCUMENT_PATHS.allotmentLetter,
  certificate: ISSUED_DOCUMENT_PATHS.possessionCertificate,
};

const FILE_NAMES: Record<DownloadableDocument, string> = {
  acknowledgment: 'acknowledgment',
  receipt: 'receipt',
  letter: 'allotment-letter',
  certificate: 'possession-certificate',
};

export interface PdfDownloadButtonProps {
  document: DownloadableDocument;
  /** The record's id: the application (acknowledgment), the payment (receipt) or the allotment (letter, certificate). */
  id: string;
  /** The document's number, for the file name and the button's accessible name. */
  number: string;
  size?: ButtonSize;
}

/** "Download PDF" (the acknowledgment, in a page header, says which document); its accessible name adds the number. */
export function PdfDownloadButton({ document, id, number, size = 'md' }: PdfDownloadButtonProps) {
  const { t } = useTranslation('letters');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await api.blob(PATHS[document](id)), `${FILE_NAMES[document]}-${number}.pdf`);
    } catch (error) {
      toast.error(errorDetail(error, t('pdf.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size={size}
      icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
      busy={busy}
      busyText={t('pdf.downloading')}
      aria-label={busy ? undefined : t(`pdf.names.${document}`, { number })}
      onClick={() => void download()}
    >
      {document === 'acknowledgment' ? t('pdf.acknowledgment') : t('pdf.download')}
    </Button>
  );
}
