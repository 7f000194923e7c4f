/** Send a failed status push again (the shared retry dialog, in the status pushes' words). */
import { useTranslation } from 'react-i18next';
import type { SingleWindowOutboxItem } from '@portal/contract';
import { RetryDialog } from '../../../../components/outbox/retry-dialog';
import { useRetryStatusPush } from '../api/status-pushes';

export function RetryPushDialog({ push }: { push: SingleWindowOutboxItem }) {
  const { t } = useTranslation('status-pushes');
  const retry = useRetryStatusPush();
  const names = { status: t(`codes.${push.status_code}`), caf: push.caf_id };
  return (
    <RetryDialog
      namespace="status-pushes"
      id={push.id}
      description={t('retry.description', names)}
      buttonLabel={t('retry.buttonFor', names)}
      retry={retry}
    />
  );
}
