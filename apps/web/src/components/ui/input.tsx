/** Styled form controls (input, textarea, select, checkbox) to place inside <Field>. */
import type { ComponentProps } from 'react';
import { cn } from './cn';

const control =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 min-h-11 ' +
  'placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:border-2 ' +
  'disabled:bg-slate-100';
// :read-only matches every <select> (it has no readonly state), so only text-like controls get the read-only look.
const textControl = `${control} read-only:bg-slate-100`;

/** A text-like input (text, email, password, number, date...). */
export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={cn(textControl, className)} {...rest} />;
}

/** A multi-line text input. */
export function Textarea({ className, rows = 4, ...rest }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(textControl, className)} {...rest} />;
}

/** A native select (its options as children). */
export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select className={cn(control, 'pr-8', className)} {...rest} />;
}

/** A checkbox with its label beside it; a 44px tall tap target. */
export function Checkbox({ label, className, id, ...rest }: ComponentProps<'input'> & { label: string }) {
  return (
    <label htmlFor={id} className={cn('inline-flex min-h-11 cursor-pointer items-center gap-3', className)}>
      <input id={id} type="checkbox" className="h-5 w-5 accent-brand-700" {...rest} />
      <span>{label}</span>
    </label>
  );
}
