/** Raise a query (a shortfall letter): what the applicant must send or explain, and the date to reply by (seven
 * working days ahead unless changed). The service clock stops until the applicant answers. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { addWorkingDays, businessToday, QUERY_MESSAGE_MAX } from '@portal/contract';
import type { FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { errorDetail } from '../../../lib/api-client';
import { useRaiseQuery } from '../api/case-work';

/** The reply-by date offered: this many working days after today. */
export const QUERY_REPLY_WORKING_DAYS = 7;

const MESSAGE_ID = 'raise-query-message';
const RESPOND_BY_ID = 'raise-query-respond-by';

export interface RaiseQueryDialogProps {
  applicationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RaiseQueryDialog({ applicationId, open, onOpenChange }: RaiseQueryDialogProps) {
  const { t } = useTranslation('applications');
  const raise = useRaiseQuery(applicationId);
  const today = businessToday();
  const [message, setMessage] = useState('');
  const [respondBy, setRespondBy] = useState(() => addWorkingDays(today, QUERY_REPLY_WORKING_DAYS));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const [attempts, setAttempts] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (raise.isPending) return;
    const found: FieldError[] = [];
    if (!message.trim()) found.push({ fieldId: MESSAGE_ID, message: t('raiseQuery.enterMessage') });
    if (!respondBy) found.push({ fieldId: RESPOND_BY_ID, message: t('raiseQuery.enterDate') });
    else if (respondBy < today) found.push({ fieldId: RESPOND_BY_ID, message: t('raiseQuery.dateInPast') });
    setErrors(found);
    setRefusal(undefined);
    setAttempts((count) => count + 1);
    if (found.length) return;
    raise.mutate(
      { message: message.trim(), respond_by: respondBy },
      {
        onSuccess: () => {
          toast.success(t('raiseQuery.success'));
          onOpenChange(false);
        },
        onError: (failure) => setRefusal(errorDetail(failure, t('raiseQuery.failed'))),
      },
    );
  };
  const errorOf = (id: string) => errors.find((error) => error.fieldId === id)?.message;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!raise.isPending) onOpenChange(next);
      }}
      title={t('raiseQuery.title')}
      formId="raise-query-form"
      onSubmit={submit}
      cancelLabel={t('cancel')}
      submitLabel={t('raiseQuery.submit')}
      busy={raise.isPending}
      busyText={t('raiseQuery.submitting')}
      errors={errors}
      errorsFocusKey={attempts}
      consequence={t('raiseQuery.consequence')}
    >
      {refusal && (
        <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-800">
          {refusal}
        </p>
      )}
      <Field
        id={MESSAGE_ID}
        label={t('raiseQuery.message')}
        hint={t('raiseQuery.messageHint')}
        error={errorOf(MESSAGE_ID)}
      >
        <Textarea
          value={message}
          rows={5}
          maxLength={QUERY_MESSAGE_MAX}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Field>
      <Field
        id={RESPOND_BY_ID}
        label={t('raiseQuery.respondBy')}
        hint={t('raiseQuery.respondByHint', { count: QUERY_REPLY_WORKING_DAYS })}
        error={errorOf(RESPOND_BY_ID)}
      >
        <Input type="date" value={respondBy} min={today} onChange={(event) => setRespondBy(event.target.value)} />
      </Field>
    </FormDialog>
  );
}
