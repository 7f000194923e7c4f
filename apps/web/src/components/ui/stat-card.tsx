/** A dashboard figure: label, big value, optional icon and note. */
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface StatCardProps {
  label: ReactNode;
  value: ReactNode;
  icon?: ReactNode;
  /** A small line under the value (e.g. a rupee sum under a count). */
  note?: ReactNode;
  className?: string;
}

/** One stat card; lay several out in a grid. */
export function StatCard({ label, value, icon, note, className }: StatCardProps) {
  return (
    <div className={cn('rounded-lg border border-slate-200 bg-white p-4 shadow-sm', className)}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        {icon && (
          <span aria-hidden="true" className="text-brand-600">
            {icon}
          </span>
        )}
      </div>
      <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900">{value}</p>
      {note && <p className="mt-1 text-sm tabular-nums text-slate-600">{note}</p>}
    </div>
  );
}
