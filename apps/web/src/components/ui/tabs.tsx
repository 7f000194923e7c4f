/** Radix tabs: a tab list (scrolls sideways on a phone) and one panel per tab. */
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
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

/** Tabs from a list of {value, label, content}. */
export function Tabs({ tabs, defaultValue, value, onValueChange, label, className }: TabsProps) {
  return (
    <RadixTabs.Root
      className={className}
      defaultValue={defaultValue ?? tabs[0]?.value}
      value={value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List aria-label={label} className="no-print flex overflow-x-auto border-b border-slate-200">
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className={cn(
              'min-h-11 shrink-0 whitespace-nowrap border-b-2 border-transparent px-4 font-medium text-slate-600',
              'hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
            )}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="pt-4 focus:outline-none">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
