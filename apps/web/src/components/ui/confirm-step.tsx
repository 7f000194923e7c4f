/** The one way the portal asks before a step that cannot be undone (decision 024): the step is said in words, naming
 * the chosen outcome, with what follows from it, and only the confirm button takes it. A form dialog shows it as its
 * second step (FormDialog's `review`); a button on a page (a bid, a reply, a scheme's close) opens ConfirmDialog. */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Info } from 'lucide-react';
import { Button, type ButtonVariant } from './button';
import { Dialog } from './dialog';

/** The sentence a decision dialog shows before its confirm button: what will happen if the user goes ahead. */
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

/** What the confirmation says: the step in one sentence that names its outcome, and what follows from it. */
export interface Confirmation {
  /** The step itself, naming the chosen outcome ("Application APP-2026-000004 will be REJECTED."). */
  statement: string;
  /** What follows for the people concerned (who is told, what is issued). */
  consequence?: string;
  /** More to read before confirming (the amount to the paisa, the reply's words). */
  details?: ReactNode;
}

/** The confirmation's words, with the heading that takes focus when it appears so a screen reader reads it first. */
export function ConfirmPanel({ statement, consequence, details, children }: Confirmation & { children?: ReactNode }) {
  const { t } = useTranslation('ui');
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="confirm-step-heading" data-testid="confirm-step" className="space-y-3">
      <h3
        id="confirm-step-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {t('confirm.heading')}
      </h3>
      {children}
      <p className="flex items-start gap-2 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 font-medium text-slate-900">
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
        <span>{statement}</span>
      </p>
      {details}
      {consequence && <Consequence>{consequence}</Consequence>}
      <p className="text-slate-700">{t('confirm.cannotUndo')}</p>
    </section>
  );
}

export interface ConfirmDialogProps extends Confirmation {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The confirm button's words: the step's own name ("Place bid"). */
  confirmLabel: string;
  busy: boolean;
  busyText: string;
  variant?: ButtonVariant;
  onConfirm: () => void;
  /** The server's refusal of the last try, in words. */
  refusal?: ReactNode;
  /** An element that opens the dialog. */
  trigger?: ReactNode;
}

/** A confirmation on its own, for a step taken from a page rather than from a form dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  confirmLabel,
  busy,
  busyText,
  variant,
  onConfirm,
  refusal,
  trigger,
  ...confirmation
}: ConfirmDialogProps) {
  const { t } = useTranslation('ui');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      title={title}
      trigger={trigger}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={busy}
            data-testid="confirm-step-back"
          >
            {t('confirm.back')}
          </Button>
          <Button
            variant={variant}
            busy={busy}
            busyText={busyText}
            onClick={onConfirm}
            data-testid="confirm-step-confirm"
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {open && (
        <ConfirmPanel {...confirmation}>
          {refusal && (
            <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-800">
              {refusal}
            </p>
          )}
        </ConfirmPanel>
      )}
    </Dialog>
  );
}
