/** Send a failed mail again (the shared retry dialog, in the outbox's words). */
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@portal/contract';
import { RetryDialog as SharedRetryDialog } from '../../../components/outbox/retry-dialog';
import { useRetryMessage } from '../api/outbox';

export function RetryDialog({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('outbox');
  const retry = useRetryMessage();
  const to = message.to_email;
  return (
    <SharedRetryDialog
      namespace="outbox"
      id={message.id}
      description={t('retry.description', { to, template: t(`templates.${message.template}`) })}
      buttonLabel={t('retry.buttonFor', { to })}
      retry={retry}
    />
  );
}
