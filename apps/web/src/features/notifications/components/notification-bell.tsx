/** The bell in the top bar: the unread count (polled, and read again after any write), and a panel of the latest
 * notifications with "Mark all as read" and a link to the notifications screen. Escape, or moving focus or clicking
 * outside, closes the panel; Escape gives focus back to the bell. */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Bell } from 'lucide-react';
import { formatNumber, ROUTES, type Notification } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { errorDetail } from '../../../lib/api-client';
import {
  useLatestNotifications,
  useMarkAllRead,
  useMarkRead,
  useRefreshCountAfterWrites,
  useUnreadCount,
} from '../api/notifications';
import { safeLink } from '../lib/notification-text';
import { NotificationTextBlock } from './notification-text-block';

/** The badge shows up to 99; past that "99+" (the button's name says the exact count). */
const badgeText = (count: number) => (count > 99 ? '99+' : formatNumber(count));

function PanelItem({ notification, onFollow }: { notification: Notification; onFollow: () => void }) {
  const { t } = useTranslation('notifications');
  const markRead = useMarkRead();
  const link = safeLink(notification.link);
  const unread = notification.read_at === null;
  const follow = () => {
    if (unread) markRead.mutate(notification.id);
    onFollow();
  };
  const itemClasses = 'block w-full px-4 py-3 text-left';
  if (link)
    return (
      <Link to={link} onClick={follow} className={cn(itemClasses, 'hover:bg-brand-50 focus:bg-brand-50')}>
        <NotificationTextBlock notification={notification} />
      </Link>
    );
  return (
    <div className={itemClasses}>
      <NotificationTextBlock notification={notification} />
      {unread && (
        <Button
          variant="link"
          size="sm"
          className="ml-4"
          busy={markRead.isPending}
          onClick={() => markRead.mutate(notification.id)}
        >
          {t('page.markRead')}
        </Button>
      )}
    </div>
  );
}

export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const unreadCount = useUnreadCount();
  useRefreshCountAfterWrites();
  const latest = useLatestNotifications({ enabled: open });
  const markAllRead = useMarkAllRead();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const count = unreadCount.data ?? 0;

  // Opening moves focus into the panel, so its name is read out and Tab walks its items.
  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  // A click or tap anywhere else closes it.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  // Tabbing out of the panel closes it (focus going nowhere, as on a click, is left to the pointer handler).
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !wrapperRef.current?.contains(next)) setOpen(false);
  };

  const markAll = async () => {
    try {
      await markAllRead.mutateAsync();
    } catch (error) {
      toast.error(errorDetail(error, t('page.markAllFailed')));
    }
  };

  const items = latest.data?.items ?? [];
  return (
    // Escape and leaving the panel are heard from the bell and the panel alike: a wrapper, not a control.
    <div ref={wrapperRef} role="presentation" className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={count > 0 ? t('bell.labelUnread', { count }) : t('bell.label')}
        title={t('bell.label')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-white hover:bg-white/10"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-none font-bold tabular-nums text-white ring-2 ring-brand-700"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className={cn(
            'fixed inset-x-2 top-16 z-40 flex max-h-[calc(100vh-5rem)] flex-col rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl focus:outline-none',
            'sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96',
          )}
        >
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
            <h2 id={headingId} className="text-lg font-semibold">
              {t('bell.panelTitle')}
            </h2>
            {count > 0 && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void markAll()}
                busy={markAllRead.isPending}
                busyText={t('bell.markingAllRead')}
              >
                {t('bell.markAllRead')}
              </Button>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {latest.isPending ? (
              <Spinner label={t('bell.loading')} />
            ) : latest.isError ? (
              <p className="px-4 py-6 text-center text-red-800">{t('bell.loadFailed')}</p>
            ) : items.length === 0 ? (
              <p className="px-4 py-6 text-center text-slate-700">{t('bell.empty')}</p>
            ) : (
              <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
                {items.map((notification) => (
                  <li key={notification.id}>
                    <PanelItem notification={notification} onFollow={() => setOpen(false)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-slate-200 px-4 py-2">
            <Link
              to={ROUTES.notifications.path}
              onClick={() => setOpen(false)}
              className="flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {t('bell.seeAll')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
