/** A white card on the grey page, with an optional title row. */
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Shown as an h2 at the top of the card. */
  title?: ReactNode;
  /** Right side of the title row (a link or button). */
  action?: ReactNode;
}

/** A bordered content card; a `title` makes it a labelled section. */
export function Card({ title, action, className, children, ...rest }: CardProps) {
  return (
    <section className={cn('rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)} {...rest}>
      {(title || action) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title && <h2 className="text-lg font-semibold text-slate-900">{title}</h2>}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
