/** Moving focus to a new page's heading and announcing its title, as a screen reader user needs after a client-side
 * navigation (nothing else tells them the page changed). The page's h1 is focused once the page that owns it has
 * rendered for the new path; the first page of a visit keeps the browser's own focus. */
import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

let lastPath: string | null = null;
let announce: (title: string) => void = () => undefined;

/** Called by the component that renders a page's h1 (PageHeader, and pages with their own heading). */
export function useFocusOnNavigation(heading: RefObject<HTMLElement | null>, title: string): void {
  const { pathname } = useLocation();
  // An effect event: it reads the heading and title of the moment, but only a new path runs it.
  const arrive = useEffectEvent((pathname: string) => {
    const navigated = lastPath !== null && lastPath !== pathname;
    lastPath = pathname;
    if (!navigated || !heading.current) return;
    // A field already focused by the page itself (an autofocused search box) keeps its focus.
    const active = document.activeElement;
    if (active && active !== document.body && heading.current.closest('main')?.contains(active)) return;
    heading.current.focus({ preventScroll: true });
    announce(title);
  });
  // Keyed on the path alone: a page whose title changes later (data loaded) is not announced again.
  useEffect(() => arrive(pathname), [pathname]);
}

/** A polite live region that reads out the new page's title. */
export function RouteAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    announce = (title) => setMessage(title);
    return () => {
      announce = () => undefined;
      // The app is gone; the first page of the next one is a first page too, not a move from this one's last.
      lastPath = null;
    };
  }, []);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  );
}
