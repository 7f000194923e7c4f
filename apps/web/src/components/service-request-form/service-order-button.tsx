/** Downloads the order a service request issued when it took effect (the extension order, the transfer order, the
 * NOC...), the PDF the server made and keeps. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import { toast } from 'sonner';
import { ISSUED_DOCUMENT_PATHS } from '@portal/contract';
import { Button, type ButtonSize } from '../ui/button';
import { api, errorDetail } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

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
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await api.blob(ISSUED_DOCUMENT_PATHS.serviceOrder(requestId)), `order-${requestNumber}.pdf`);
    } catch (error) {
      toast.error(errorDetail(error, t('order.failed')));
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
      busyText={t('order.downloading')}
      onClick={() => void download()}
    >
      {t('order.download', { number: requestNumber })}
    </Button>
  );
}
