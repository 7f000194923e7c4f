/** Downloads the order a service request issued when it took effect (the extension order, the transfer order, the
 * NOC...), the PDF the server made and keeps. */
import { useTranslation } from 'react-i18next';
import { ISSUED_DOCUMENT_PATHS } from '@portal/contract';
import type { ButtonSize } from '../../../../components/ui/button';
import { FileDownloadButton } from '../../../documents/components/letters/file-download-button';

export function ServiceOrderButton({
  requestId,
  requestNumber,
  size = 'sm',
}: {
  requestId: string;
  requestNumber: string;
  size?: ButtonSize;
}) {
  const { t } = useTranslation('service-request-form');
  return (
    <FileDownloadButton
      path={ISSUED_DOCUMENT_PATHS.serviceOrder(requestId)}
      fileName={`order-${requestNumber}.pdf`}
      busyText={t('order.downloading')}
      failedText={t('order.failed')}
      size={size}
    >
      {t('order.download', { number: requestNumber })}
    </FileDownloadButton>
  );
}
