/** An empty list: the spec's empty text and the action that fills it. */
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface EmptyStateProps {
  message: ReactNode;
  /** A button or link that fills the list ("Start Your First Application"). */
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** Centred message with an optional icon and action. */
export function EmptyState({ message, action, icon, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-4 px-4 py-10 text-center', className)}>
      {icon && (
        <div aria-hidden="true" className="text-slate-400">
          {icon}
        </div>
      )}
      <p className="text-lg text-slate-700">{message}</p>
      {action}
    </div>
  );
}
