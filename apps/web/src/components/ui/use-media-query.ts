/** Whether a CSS media query matches now, kept up to date; where the browser cannot tell (jsdom), the given default. */
import { useCallback, useSyncExternalStore } from 'react';

/** The `md` breakpoint of Tailwind: at and above it tables are tables, below it a phone's cards. */
export const MD_UP = '(min-width: 768px)';

function mediaQueryList(query: string): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : undefined;
}

export function useMediaQuery(query: string, whenUnknown: boolean): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = mediaQueryList(query);
      if (!list) return () => undefined;
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  const read = () => mediaQueryList(query)?.matches ?? whenUnknown;
  return useSyncExternalStore(subscribe, read, () => whenUnknown);
}
