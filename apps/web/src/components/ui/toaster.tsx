/** The app's toaster and the rules its toasts follow beyond sonner's own: a named region in the reader's language,
 * no toast timing out while keyboard focus is in it (sonner pauses on hover only), and toasts that go when the
 * reader moves to another page (see lib/toasts for which ones stay). */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast, Toaster, useSonner, type ToasterProps, type ToastT } from 'sonner';
import { createRouteToastTracker, onPageChange, type RouteToastTracker, type ToastId } from '../../lib/toasts';

function onScreen(): ToastT[] {
  return toast.getToasts().filter((shown): shown is ToastT => !('dismiss' in shown && shown.dismiss));
}

const inToaster = (node: EventTarget | null) =>
  node instanceof Element && node.closest('[data-sonner-toaster]') !== null;

/** Shows a toast again with another duration, keeping its type, words and everything else. */
function withDuration(shown: ToastT, duration: number | undefined) {
  const raise =
    shown.type === 'success' || shown.type === 'error' || shown.type === 'info' || shown.type === 'warning'
      ? toast[shown.type]
      : toast.message;
  raise(shown.title, { id: shown.id, duration });
}

/** While focus is in a toast, every toast on screen stays (as sonner keeps them while the pointer is over them);
 * when focus leaves, each gets its full time again. */
function usePauseWhileFocused(toasts: ToastT[]) {
  const paused = useRef(new Map<ToastId, number | undefined>());
  const focused = useRef(false);

  const sync = useRef(() => {
    if (focused.current) {
      for (const shown of onScreen()) {
        if (paused.current.has(shown.id) || shown.type === 'loading' || shown.duration === Infinity) continue;
        paused.current.set(shown.id, shown.duration);
        withDuration(shown, Infinity);
      }
      return;
    }
    const current = new Map(onScreen().map((shown) => [shown.id, shown]));
    for (const [id, duration] of paused.current) {
      const shown = current.get(id);
      if (shown) withDuration(shown, duration);
    }
    paused.current.clear();
  });

  useEffect(() => {
    const focusIn = (event: FocusEvent) => {
      focused.current = inToaster(event.target);
      sync.current();
    };
    const focusOut = (event: FocusEvent) => {
      if (!inToaster(event.target) || inToaster(event.relatedTarget)) return;
      focused.current = false;
      sync.current();
    };
    document.addEventListener('focusin', focusIn);
    document.addEventListener('focusout', focusOut);
    return () => {
      document.removeEventListener('focusin', focusIn);
      document.removeEventListener('focusout', focusOut);
    };
  }, []);

  // A toast raised while focus is in another one waits too; a focused toast that was closed lets the others go.
  useEffect(() => {
    if (focused.current && !inToaster(document.activeElement)) focused.current = false;
    sync.current();
  }, [toasts]);
}

/** Sonner's rich colours put #e60000 on #fff0f0 (4.34:1) and #008a2e on #ecfdf3 (4.25:1), below WCAG AA's 4.5:1.
 * The same hues, darker, set on the toaster itself: sonner inserts its stylesheet after the app's, so a rule of the
 * same weight in the app's stylesheet loses to it. */
const READABLE_COLOURS = {
  '--success-text': '#00672a',
  '--error-text': '#b00000',
  '--warning-text': '#8a4b00',
  '--info-text': '#004fa3',
} as CSSProperties;

/** sonner's Toaster with the region's and the close button's names translated, readable colours, and paused while
 * keyboard focus is in it. */
export function AppToaster(props: ToasterProps) {
  const { t } = useTranslation('ui');
  const { toasts } = useSonner();
  usePauseWhileFocused(toasts);
  return (
    <Toaster
      {...props}
      style={{ ...READABLE_COLOURS, ...props.style }}
      containerAriaLabel={t('toasts.region')}
      toastOptions={{ ...props.toastOptions, closeButtonAriaLabel: t('toasts.close') }}
    />
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
  const takeAwayOld = () => {
    for (const id of own.pageChanged(ids())) toast.dismiss(id);
  };
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
