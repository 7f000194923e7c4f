/** Create Allotment: type (default provisional), date (default today) and expiry (starts empty), for an approved or
 * payment-verified application. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ALLOTMENT_TYPES, todayIso, type Allotment, type AllotmentType, type Application } from '@portal/contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { useCreateAllotment } from '../api/officer-actions';
import { actionFailed } from '../lib/action-toasts';

export interface CreateAllotmentDialogProps {
  application: Application;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (allotment: Allotment) => void;
}

export function CreateAllotmentDialog({ application, open, onOpenChange, onCreated }: CreateAllotmentDialogProps) {
  const { t } = useTranslation('applications');
  const [type, setType] = useState<AllotmentType>('provisional');
  const [date, setDate] = useState(todayIso);
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempts, setAttempts] = useState(0);
  const create = useCreateAllotment(application.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldError[] = date ? [] : [{ fieldId: 'allotment-date', message: t('createAllotment.enterDate') }];
    setErrors(found);
    setAttempts((count) => count + 1);
    if (found.length) return;
    create.mutate(
      {
        application_id: application.id,
        asset_id: application.asset_id,
        allotment_type: type,
        allotment_date: date,
        expiry_date: expiry || null,
      },
      {
        onSuccess: (allotment) => {
          toast.success(t('createAllotment.success'));
          onOpenChange(false);
          onCreated?.(allotment);
        },
        onError: (error) => actionFailed(t('createAllotment.failed'), error),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('createAllotment.title')}
      formId="create-allotment-form"
      onSubmit={submit}
      cancelLabel={t('cancel')}
      submitLabel={t('createAllotment.submit')}
      busy={create.isPending}
      busyText={t('createAllotment.submitting')}
      errors={errors}
      errorsFocusKey={attempts}
      consequence={t(`createAllotment.consequence_${type}`)}
    >
      <Field id="allotment-type" label={t('createAllotment.type')}>
        <Select value={type} onChange={(event) => setType(event.target.value as AllotmentType)}>
          {ALLOTMENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`detail.allotment.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="allotment-date" label={t('createAllotment.date')} error={errors[0]?.message}>
        <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </Field>
      <Field id="allotment-expiry" label={t('createAllotment.expiry')} optional>
        <Input type="date" value={expiry} onChange={(event) => setExpiry(event.target.value)} />
      </Field>
    </FormDialog>
  );
}
