/** Draws its children only once their place comes near the screen (or at once where the browser cannot tell), a
 * placeholder of the given height holding the room until then: a chart below the first screen, and the library that
 * draws it, are neither downloaded nor drawn while the page's first figures are. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

export interface WhenNearViewProps {
  children: ReactNode;
  /** The placeholder's classes, giving it the height the children will take (e.g. min-h-96). */
  placeholderClassName: string;
  /** How far below the screen the place may be when the children start to load (CSS margin). */
  margin?: string;
}

export function WhenNearView({ children, placeholderClassName, margin = '200px' }: WhenNearViewProps) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near, margin]);
  if (near) return <>{children}</>;
  return <div ref={place} aria-hidden="true" className={cn(placeholderClassName)} />;
}
