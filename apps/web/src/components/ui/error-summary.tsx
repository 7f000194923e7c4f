/** The GOV.UK error summary: role=alert, takes focus when shown, links to each field in error. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const NOT_FOCUSED = Symbol('not focused yet');

export interface FieldError {
  /** The id of the field's control. */
  fieldId: string;
  message: string;
}

export interface ErrorSummaryProps {
  errors: FieldError[];
  title?: string;
  /** Change it (e.g. the submit count) to take focus again on each failed submit. */
  focusKey?: unknown;
}

/** Renders nothing when there are no errors; otherwise a focused alert listing links to the fields. */
export function ErrorSummary({ errors, title, focusKey }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;

  // With a focus key, the summary takes focus once per key (once per submit), not again when it reappears while
  // the user is typing a correction; without one, each time it appears.
  const focusedFor = useRef<unknown>(NOT_FOCUSED);
  useEffect(() => {
    if (!shown) {
      // A new key while hidden (a form put back to its start) means the next showing is a new submit.
      if (focusKey !== focusedFor.current) focusedFor.current = NOT_FOCUSED;
      return;
    }
    if (focusKey !== undefined && focusedFor.current === focusKey) return;
    focusedFor.current = focusKey;
    ref.current?.focus();
  }, [shown, focusKey]);

  if (!shown) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className="mb-6 rounded-md border-4 border-red-700 bg-white p-4"
    >
      <h2 id="error-summary-title" className="text-lg font-bold text-slate-900">
        {title ?? t('errorSummaryTitle')}
      </h2>
      <ul className="mt-2 list-none space-y-1">
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a
              href={`#${error.fieldId}`}
              className="font-medium text-red-700 underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault();
                const field = document.getElementById(error.fieldId);
                field?.focus();
                field?.scrollIntoView?.({ block: 'center' });
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
