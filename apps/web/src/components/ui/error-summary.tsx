/** The GOV.UK error summary: role=alert, takes focus when shown, links to each field in error. */
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

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

  // With a focus key (a submit count), the summary takes focus when the key changes while it shows (a failed
  // submit), never when it appears while the user is typing a correction after a submit; without one, each time it
  // appears.
  const seenKey = useRef(focusKey);
  // In the same commit as the summary itself: by the time it is on screen it has the focus.
  useLayoutEffect(() => {
    const keyChanged = seenKey.current !== focusKey;
    seenKey.current = focusKey;
    if (shown && (focusKey === undefined || keyChanged)) ref.current?.focus();
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
