/** The notifications screen (every signed-in user): their notifications, newest first, a page at a time, with an
 * "Unread only" filter kept in the URL (`?unread=true`); following one marks it read, and one or all can be marked
 * read from here. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { NOTIFICATION_LIST, type Notification } from '@portal/contract';
import { PagedList } from '../../../components/paged-list';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { errorDetail } from '../../../lib/api-client';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useListParams } from '../../../lib/use-list-params';
import { useMarkAllRead, useMarkRead, useNotificationPage, useUnreadCount } from '../api/notifications';
import { NotificationTextBlock } from '../components/notification-text-block';
import { notificationText, safeLink } from '../lib/notification-text';

function NotificationRow({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const markRead = useMarkRead();
  const link = safeLink(notification.link);
  const unread = notification.read_at === null;
  const mark = async () => {
    try {
      await markRead.mutateAsync(notification.id);
    } catch (error) {
      toast.error(errorDetail(error, t('page.markFailed')));
    }
  };
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      {link ? (
        <Link
          to={link}
          onClick={() => unread && markRead.mutate(notification.id)}
          className="min-w-0 rounded hover:underline"
        >
          <NotificationTextBlock notification={notification} />
        </Link>
      ) : (
        <div className="min-w-0">
          <NotificationTextBlock notification={notification} />
        </div>
      )}
      {unread && (
        <Button
          variant="secondary"
          size="sm"
          className="ml-4 self-start sm:ml-0 sm:shrink-0 sm:self-center"
          aria-label={t('page.markReadOf', { text: notificationText(t, notification) })}
          onClick={() => void mark()}
          busy={markRead.isPending}
          busyText={t('page.markingRead')}
        >
          {t('page.markRead')}
        </Button>
      )}
    </li>
  );
}

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const list = useListParams(NOTIFICATION_LIST);
  const notifications = useNotificationPage(list.query);
  const unreadCount = useUnreadCount();
  const markAllRead = useMarkAllRead();
  const unreadOnly = list.filters.unread === 'true';

  useFailureToast(notifications.isError, t('page.loadFailed'), 'notifications-load-failed');

  const markAll = async () => {
    try {
      await markAllRead.mutateAsync();
      toast.success(t('page.allMarked'));
    } catch (error) {
      toast.error(errorDetail(error, t('page.markAllFailed')));
    }
  };

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          (unreadCount.data ?? 0) > 0 && (
            <Button
              variant="secondary"
              onClick={() => void markAll()}
              busy={markAllRead.isPending}
              busyText={t('page.markingAllRead')}
            >
              {t('page.markAllRead')}
            </Button>
          )
        }
      />
      <div className="mb-4">
        <Checkbox
          id="notifications-unread-only"
          label={t('page.unreadOnly')}
          checked={unreadOnly}
          onChange={(event) => list.setFilter('unread', event.target.checked ? 'true' : undefined)}
        />
      </div>
      <PagedList
        query={notifications}
        list={list}
        errorMessage={t('page.loadFailed')}
        emptyMessage={unreadOnly ? t('page.emptyUnread') : t('page.empty')}
        clearFiltersLabel={t('page.showAll')}
      >
        {(items) => (
          <ul
            aria-label={t('page.caption')}
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            {items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
