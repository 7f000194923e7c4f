/** Downloads an issued document (acknowledgment, receipt, allotment letter, possession certificate, letter of deemed
 * approval, the lease deed to sign) as the PDF the
 * server made and keeps, so the copy saved is the one its verification code and SHA-256 vouch for. */
import { useTranslation } from 'react-i18next';
import { ISSUED_DOCUMENT_PATHS } from '@portal/contract';
import type { ButtonSize } from '../../../../components/ui/button';
import { FileDownloadButton } from './file-download-button';

export type DownloadableDocument = 'acknowledgment' | 'receipt' | 'letter' | 'certificate' | 'deemed' | 'leaseDeed';

const PATHS: Record<DownloadableDocument, (id: string) => string> = {
  acknowledgment: ISSUED_DOCUMENT_PATHS.acknowledgment,
  receipt: ISSUED_DOCUMENT_PATHS.paymentReceipt,
  letter: ISSUED_DOCUMENT_PATHS.allotmentLetter,
  certificate: ISSUED_DOCUMENT_PATHS.possessionCertificate,
  deemed: ISSUED_DOCUMENT_PATHS.deemedApprovalLetter,
  leaseDeed: ISSUED_DOCUMENT_PATHS.leaseDeed,
};

const FILE_NAMES: Record<DownloadableDocument, string> = {
  acknowledgment: 'acknowledgment',
  receipt: 'receipt',
  letter: 'allotment-letter',
  certificate: 'possession-certificate',
  deemed: 'deemed-approval-letter',
  leaseDeed: 'lease-deed',
};

export interface PdfDownloadButtonProps {
  document: DownloadableDocument;
  /** The record's id: the application (acknowledgment, deemed approval), the payment (receipt) or the allotment
   * (letter, certificate, lease deed). */
  id: string;
  /** The document's number, for the file name and the button's accessible name. */
  number: string;
  size?: ButtonSize;
}

/** "Download PDF" (the acknowledgment, in a page header, says which document); its accessible name adds the number. */
export function PdfDownloadButton({ document, id, number, size = 'md' }: PdfDownloadButtonProps) {
  const { t } = useTranslation('letters');
  return (
    <FileDownloadButton
      path={PATHS[document](id)}
      fileName={`${FILE_NAMES[document]}-${number}.pdf`}
      label={t(`pdf.names.${document}`, { number })}
      busyText={t('pdf.downloading')}
      failedText={t('pdf.failed')}
      size={size}
    >
      {document === 'acknowledgment' ? t('pdf.acknowledgment') : t('pdf.download')}
    </FileDownloadButton>
  );
}
