/** The sentence a decision dialog shows before its confirm button: what will happen if the officer goes ahead. */
import { Info } from 'lucide-react';

export function Consequence({ children }: { children: string }) {
  return (
    <p
      className="flex items-start gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-slate-800"
      aria-live="polite"
    >
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <span>{children}</span>
    </p>
  );
}
