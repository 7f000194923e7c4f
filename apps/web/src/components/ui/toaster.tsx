/** The app's toasts and the rules they follow (decision 013): sonner's `toast()` raises them, and they are drawn here,
 * in the page's flow at the top of its content, so they never lie over a control. Each goes after its duration (the
 * spec's 4000 ms unless the toast asks for longer), never while the pointer or the focus is on the toasts; at most
 * three show at once; a newer one replaces them, and so does a move to another page (see lib/toasts). */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { toast, useSonner, type ToastT } from 'sonner';
import { TOAST_DURATION_MS, TOASTS_VISIBLE } from '@portal/contract';
import { createRouteToastTracker, onPageChange, type RouteToastTracker, type ToastId } from '../../lib/toasts';
import { cn } from './cn';

function onScreen(): ToastT[] {
  return toast.getToasts().filter((shown): shown is ToastT => !('dismiss' in shown && shown.dismiss));
}

const TONES: Record<string, string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-900',
  info: 'border-brand-700 bg-brand-50 text-slate-900',
};

function ToastIcon({ type }: { type: ToastT['type'] }) {
  const className = 'mt-0.5 h-5 w-5 shrink-0';
  if (type === 'success') return <CircleCheck aria-hidden="true" className={className} />;
  if (type === 'error' || type === 'warning') return <CircleAlert aria-hidden="true" className={className} />;
  return <Info aria-hidden="true" className={className} />;
}

/** A new toast replaces the ones that were on screen before the reader's last key press or tap: they were news of an
 * earlier step ("Please complete your profile first" once the profile is created, the first payment once the second
 * is made). Toasts raised by one step (a draft saved, and the uploads that failed with it) stay together. */
function useNewestReplacesOlder(toasts: ToastT[]) {
  const seenAt = useRef(new Map<ToastId, number>());
  const lastAction = useRef(0);
  useEffect(() => {
    const acted = () => {
      lastAction.current = performance.now();
    };
    document.addEventListener('pointerdown', acted, true);
    document.addEventListener('keydown', acted, true);
    return () => {
      document.removeEventListener('pointerdown', acted, true);
      document.removeEventListener('keydown', acted, true);
    };
  }, []);
  useEffect(() => {
    const now = performance.now();
    const ids = new Set(toasts.map((shown) => shown.id));
    for (const id of seenAt.current.keys()) if (!ids.has(id)) seenAt.current.delete(id);
    const arrived = [...ids].filter((id) => !seenAt.current.has(id));
    for (const id of arrived) seenAt.current.set(id, now);
    if (arrived.length === 0) return;
    for (const [id, at] of seenAt.current) {
      if (at < lastAction.current) toast.dismiss(id);
    }
  }, [toasts]);
}

/** Takes each toast away after its duration. The time stands still while the reader holds the pointer or the focus
 * on the toasts (WCAG 2.2.1), and starts afresh when they leave. */
function useTimedDismissal(toasts: ToastT[], held: boolean) {
  useEffect(() => {
    if (held) return;
    const timers = toasts
      .filter((shown) => shown.duration !== Infinity)
      .map((shown) => setTimeout(() => toast.dismiss(shown.id), shown.duration ?? TOAST_DURATION_MS));
    return () => timers.forEach(clearTimeout);
  }, [toasts, held]);
}

export interface AppToasterProps {
  className?: string;
}

/** The toasts on screen, newest first, as a named region at the top of the page's content; each has a close button.
 * The region is a polite live region, present before any toast, so a screen reader reads each one as it comes. */
export function AppToaster({ className }: AppToasterProps) {
  const { t } = useTranslation('ui');
  const { toasts } = useSonner();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useNewestReplacesOlder(toasts);
  useTimedDismissal(toasts, hovered || focused);
  return (
    <section
      aria-label={t('toasts.region')}
      aria-live="polite"
      className={cn('no-print', className)}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {toasts.length > 0 && (
        <ol className="mb-4 space-y-2">
          {toasts.slice(0, TOASTS_VISIBLE).map((shown) => (
            <li
              key={shown.id}
              data-toast=""
              data-type={shown.type ?? 'default'}
              className={cn(
                'flex items-start gap-3 rounded-md border-l-4 p-3 shadow-sm',
                TONES[shown.type ?? ''] ?? 'border-slate-400 bg-white text-slate-900',
              )}
            >
              <ToastIcon type={shown.type} />
              <div className="min-w-0 flex-1">
                <p data-title="" className="font-medium break-words">
                  {typeof shown.title === 'function' ? shown.title() : shown.title}
                </p>
                {shown.description && (
                  <p data-description="" className="mt-1 text-sm break-words">
                    {typeof shown.description === 'function' ? shown.description() : shown.description}
                  </p>
                )}
              </div>
              <button
                type="button"
                aria-label={t('toasts.close')}
                className="-m-1 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md hover:bg-black/5"
                onClick={() => toast.dismiss(shown.id)}
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Takes away the toasts of the page the reader left. Rendered inside the router (the toaster sits outside it). */
export function RouteToasts({ tracker }: { tracker?: RouteToastTracker }) {
  const { pathname } = useLocation();
  const { toasts } = useSonner();
  const [own] = useState(() => tracker ?? createRouteToastTracker());
  const shownOn = useRef(pathname);

  /** The page the app's router said the reader is moving to (see notePageChange), already dealt with. */
  const handled = useRef<string>(undefined);

  const ids = () => onScreen().map((shown) => shown.id);
  const takeAwayOld = useEffectEvent(() => {
    for (const id of own.pageChanged(ids())) toast.dismiss(id);
  });
  // Declared first: a toast that appears in the same render as a new page is seen before the page change is.
  useEffect(() => own.see(ids()), [toasts, own]);
  useEffect(
    () =>
      onPageChange((next) => {
        handled.current = next;
        takeAwayOld();
      }),
    [own],
  );
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    if (handled.current === pathname) return;
    takeAwayOld();
  }, [pathname, own]);
  return null;
}
