/** Radix tabs: a tab list and one panel per tab. On a phone the list scrolls sideways: a faded edge with a chevron
 * shows on each side where more tabs lie, and the selected tab is kept scrolled into view. */
import * as RadixTabs from '@radix-ui/react-tabs';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cn } from './cn';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Uncontrolled start tab; defaults to the first. */
  defaultValue?: string;
  /** Controlled current tab (with onValueChange). */
  value?: string;
  onValueChange?: (value: string) => void;
  /** The tab list's accessible name. */
  label?: string;
  className?: string;
}

/** How far the list's content reaches beyond each side of its box. */
interface Hidden {
  start: boolean;
  end: boolean;
}

// A tab this close to an edge still shows a little of its neighbour, so the strip reads as one that moves.
const EDGE_ROOM = 32;

/** Scrolls the list sideways (only the list, never the page) until its selected tab is inside it. */
function revealSelected(list: HTMLElement) {
  const selected = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
  if (!selected) return;
  const left = selected.offsetLeft;
  const right = left + selected.offsetWidth;
  if (left < list.scrollLeft) list.scrollLeft = Math.max(0, left - EDGE_ROOM);
  else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth + EDGE_ROOM;
}

function useHiddenSides(list: RefObject<HTMLDivElement | null>): [Hidden, () => void] {
  const [hidden, setHidden] = useState<Hidden>({ start: false, end: false });
  const measure = useCallback(() => {
    const target = list.current;
    if (!target) return;
    const start = target.scrollLeft > 1;
    const end = target.scrollLeft + target.clientWidth < target.scrollWidth - 1;
    setHidden((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, [list]);
  useEffect(() => {
    const target = list.current;
    if (!target) return;
    target.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(target);
    measure();
    return () => {
      target.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [list, measure]);
  return [hidden, measure];
}

function ScrollCue({ side }: { side: 'start' | 'end' }) {
  const Chevron = side === 'start' ? ChevronLeft : ChevronRight;
  return (
    <div
      aria-hidden="true"
      data-testid={`tabs-scroll-cue-${side}`}
      className={cn(
        'pointer-events-none absolute top-0 bottom-px flex w-10 items-center text-slate-600',
        side === 'start'
          ? 'left-0 justify-start bg-gradient-to-r from-white via-white/90 to-transparent'
          : 'right-0 justify-end bg-gradient-to-l from-white via-white/90 to-transparent',
      )}
    >
      <Chevron className="h-5 w-5" />
    </div>
  );
}

/** Tabs from a list of {value, label, content}. */
export function Tabs({ tabs, defaultValue, value, onValueChange, label, className }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const [hidden, measure] = useHiddenSides(list);
  const [chosen, setChosen] = useState(value ?? defaultValue ?? tabs[0]?.value);
  const current = value ?? chosen;

  // Before paint, so a tab chosen far along the strip (or from the address) is never drawn off-screen first.
  useLayoutEffect(() => {
    if (!list.current) return;
    revealSelected(list.current);
    measure();
  }, [current, tabs.length, measure]);

  return (
    <RadixTabs.Root
      className={className}
      defaultValue={defaultValue ?? tabs[0]?.value}
      value={value}
      onValueChange={(next) => {
        setChosen(next);
        onValueChange?.(next);
      }}
    >
      <div className="no-print relative">
        <RadixTabs.List
          ref={list}
          aria-label={label}
          className="relative flex overflow-x-auto border-b border-slate-200"
        >
          {tabs.map((tab) => (
            <RadixTabs.Trigger
              key={tab.value}
              value={tab.value}
              className={cn(
                'min-h-11 shrink-0 whitespace-nowrap border-b-2 border-transparent px-4 font-medium text-slate-600',
                'hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
                // The strip scrolls sideways, which cuts off anything drawn outside it: the focus ring is drawn inside
                // the tab (outside, only its two sides showed, as two bars beside the tab).
                'focus-visible:outline-offset-[-3px]',
              )}
            >
              {tab.label}
            </RadixTabs.Trigger>
          ))}
        </RadixTabs.List>
        {hidden.start && <ScrollCue side="start" />}
        {hidden.end && <ScrollCue side="end" />}
      </div>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="pt-4 focus:outline-none">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
