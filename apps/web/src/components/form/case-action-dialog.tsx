/** One action on a case in a dialog, the same on every maker-checker screen (refunds, ledger adjustments, bank
 * credits): a button naming its subject, the dialog saying what the action does and what follows, the form's fields,
 * the progress while it runs, a toast when done, and the server's refusal said in the dialog in the reader's
 * language. Its words come from the screen's namespace under the action's key: button, buttonFor, title,
 * description, consequence, submit, submitting, done, failed; and refusals.<code> for the codes it words. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ErrorCode } from '@portal/contract';
import { errorCode, errorDetail } from '../../lib/api-client';
import { Button } from '../ui/button';
import { useDialogAction, type ActionOutcome } from '../ui/use-dialog-action';
import type { AnyObjectSchema, SchemaForm } from './schema-form';
import { SchemaFormDialog } from './schema-form-dialog';

/** The words of a refusal: a code the screen words itself (refusals.<code> in its namespace), else the server's
 * detail, else `fallback`. `known` may word an error of the screen's own first. */
export function useRefusalText(
  namespace: string,
  worded: readonly ErrorCode[],
  known?: (error: unknown) => string | undefined,
) {
  const { t } = useTranslation(namespace);
  return (error: unknown, fallback: string) => {
    const own = known?.(error);
    if (own) return own;
    const code = errorCode(error);
    return code && worded.includes(code) ? t(`refusals.${code}`) : errorDetail(error, fallback);
  };
}

export interface CaseActionDialogProps<Schema extends AnyObjectSchema> {
  /** The screen's translation namespace. */
  namespace: string;
  /** The action's key in the namespace. */
  action: string;
  /** The refusal codes the namespace words. */
  worded: readonly ErrorCode[];
  /** Words a refusal of the screen's own before the codes (an application number nobody has). */
  knownRefusal?: (error: unknown) => string | undefined;
  form: SchemaForm<Schema>;
  /** What the action is on, for the button's accessible name (buttonFor's {subject}). */
  subject: string;
  /** The parameters of the action's words. */
  params: Record<string, string>;
  run: (values: z.output<Schema>, outcome: ActionOutcome) => void;
  busy: boolean;
  /** A secondary button (a rejection, setting aside); a rejection's submit is the danger colour. */
  variant?: 'secondary';
  danger?: boolean;
  /** Told when the dialog opens (to read what it shows). */
  onOpen?: () => void;
  children?: ReactNode;
}

export function CaseActionDialog<Schema extends AnyObjectSchema>({
  namespace,
  action,
  worded,
  knownRefusal,
  form,
  subject,
  params,
  run,
  busy,
  variant,
  danger,
  onOpen,
  children,
}: CaseActionDialogProps<Schema>) {
  const { t } = useTranslation(namespace);
  const dialog = useDialogAction(busy);
  const refusalText = useRefusalText(namespace, worded, knownRefusal);
  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) =>
        dialog.send((outcome) => run(values, outcome), {
          done: t(`${action}.done`, params),
          failed: (error) => refusalText(error, t(`${action}.failed`)),
          then: () => form.reset(),
        })
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={(next) => {
        if (next) onOpen?.();
        dialog.onOpenChange(next);
      }}
      title={t(`${action}.title`, params)}
      description={t(`${action}.description`, params)}
      trigger={
        <Button size="sm" variant={variant} aria-label={t(`${action}.buttonFor`, { ...params, subject })}>
          {t(`${action}.button`)}
        </Button>
      }
      cancelLabel={t('cancel')}
      submitLabel={t(`${action}.submit`)}
      submitVariant={danger ? 'danger' : undefined}
      busy={busy}
      busyText={t(`${action}.submitting`)}
      consequence={t(`${action}.consequence`, params)}
    >
      {children}
    </SchemaFormDialog>
  );
}
