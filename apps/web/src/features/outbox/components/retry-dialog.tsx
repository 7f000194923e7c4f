/** Send a failed mail again, after a sentence saying what that does. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { OutboxMessage } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorDetail } from '../../../lib/api-client';
import { useRetryMessage } from '../api/outbox';

export function RetryDialog({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('outbox');
  const [open, setOpen] = useState(false);
  const retry = useRetryMessage();
  const to = message.to_email;

  const confirm = async () => {
    try {
      await retry.mutateAsync(message.id);
      toast.success(t('retry.done'));
      setOpen(false);
    } catch (error) {
      toast.error(errorDetail(error, t('retry.failed')));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('retry.title')}
      description={t('retry.description', { to, template: t(`templates.${message.template}`) })}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('retry.buttonFor', { to })}>
          {t('retry.button')}
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('retry.cancel')}
          </Button>
          <Button onClick={() => void confirm()} busy={retry.isPending} busyText={t('retry.submitting')}>
            {t('retry.confirm')}
          </Button>
        </>
      }
    />
  );
}
