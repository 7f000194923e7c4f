/** One notification's words, as both the bell's panel and the notifications screen show them: an unread mark, the
 * sentence, the person's own words it carries (a reason, a query, remarks) and when it came. */
import { useTranslation } from 'react-i18next';
import { formatDateTime, type Notification } from '@portal/contract';
import { cn } from '../../../components/ui/cn';
import { notificationNote, notificationText } from '../lib/notification-text';

export function NotificationTextBlock({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const unread = notification.read_at === null;
  const note = notificationNote(t, notification);
  return (
    <span className="flex items-start gap-2">
      <span
        aria-hidden="true"
        className={cn('mt-2 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
      />
      <span className="min-w-0">
        {unread && <span className="sr-only">{t('unread')}: </span>}
        <span className={cn('block text-slate-900', unread && 'font-semibold')}>
          {notificationText(t, notification)}
        </span>
        {note && <span className="block break-words text-slate-700">{note}</span>}
        <span className="block text-sm text-slate-600">
          {t('receivedAt', { when: formatDateTime(notification.created_at) })}
        </span>
      </span>
    </span>
  );
}
