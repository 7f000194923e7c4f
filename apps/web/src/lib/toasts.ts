/** Which toasts a change of page takes away. A toast belongs to the page it was raised on and goes when the reader
 * moves to another page, except one raised just before the move: that one is the news of the move itself ("Login
 * successful!", "Application created successfully!", "Failed to load application details" before the redirect to
 * the list) and is read on the page it leads to. It goes at the next move after that. */

export type ToastId = string | number;

/** How long before a change of page a toast may have been raised and still be carried to the new page. A redirect
 * follows its toast within milliseconds; a reader who clicks a link has had the toast in front of them longer. */
export const CARRY_OVER_MS = 1000;

export interface RouteToastTracker {
  /** Notes the toasts on screen now: one not seen before is stamped with the current time; gone ones are forgotten. */
  see(onScreen: Iterable<ToastId>): void;
  /** The page changed: answers the toasts on screen to take away. */
  pageChanged(onScreen: Iterable<ToastId>): ToastId[];
}

export function createRouteToastTracker(now: () => number = Date.now, carryOverMs = CARRY_OVER_MS): RouteToastTracker {
  /** When each toast on screen was first seen. */
  const raisedAt = new Map<ToastId, number>();

  const see = (onScreen: Iterable<ToastId>) => {
    const time = now();
    const current = new Set(onScreen);
    for (const id of raisedAt.keys()) if (!current.has(id)) raisedAt.delete(id);
    for (const id of current) if (!raisedAt.has(id)) raisedAt.set(id, time);
  };

  return {
    see,
    pageChanged(onScreen) {
      // A toast not seen before was raised since the last look: just now, by the code that moved the reader.
      see(onScreen);
      const time = now();
      const stale = [...raisedAt].filter(([, at]) => time - at > carryOverMs).map(([id]) => id);
      for (const id of stale) raisedAt.delete(id);
      return stale;
    },
  };
}

type PageChangeListener = (pathname: string) => void;
const pageChangeListeners = new Set<PageChangeListener>();

/** Tells the toasts the reader is moving to another page, when the move starts: the app's router calls it at once,
 * before the new page's code has loaded and rendered, so a toast raised just before the move is not counted as old
 * however long the new page takes to show. */
export function notePageChange(pathname: string): void {
  for (const listener of pageChangeListeners) listener(pathname);
}

interface PathRouter {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): unknown;
}

/** Calls notePageChange whenever the router moves to another path (a query change is no move). */
export function announcePageChanges(router: PathRouter): void {
  let pathname = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    notePageChange(pathname);
  });
}

export function onPageChange(listener: PageChangeListener): () => void {
  pageChangeListeners.add(listener);
  return () => {
    pageChangeListeners.delete(listener);
  };
}
