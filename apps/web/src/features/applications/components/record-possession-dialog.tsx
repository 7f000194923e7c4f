/** Record possession: date (default today), area verified (required, numeric, step 0.01), boundary marked (default
 * checked) and remarks; needs an allotment ('No allotment found for this application'). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { todayIso, type Allotment, type Asset, type Possession } from '@portal/contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Checkbox, Input, Textarea } from '../../../components/ui/input';
import { useRecordPossession } from '../api/officer-actions';
import { actionFailedDetailPreferred } from '../lib/action-toasts';

export interface RecordPossessionDialogProps {
  applicationId: string;
  allotment: Allotment | null | undefined;
  asset: Asset | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRecorded?: (possession: Possession) => void;
}

export function RecordPossessionDialog({
  applicationId,
  allotment,
  asset,
  open,
  onOpenChange,
  onRecorded,
}: RecordPossessionDialogProps) {
  const { t } = useTranslation('applications');
  const [date, setDate] = useState(todayIso);
  const [area, setArea] = useState('');
  const [boundary, setBoundary] = useState(true);
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempts, setAttempts] = useState(0);
  const record = useRecordPossession(applicationId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldError[] = [];
    if (!date) found.push({ fieldId: 'possession-date', message: t('possession.enterDate') });
    const areaValue = Number(area);
    if (area.trim() === '' || !Number.isFinite(areaValue) || areaValue <= 0) {
      found.push({ fieldId: 'possession-area', message: t('possession.enterArea') });
    }
    setErrors(found);
    setAttempts((count) => count + 1);
    if (found.length) return;
    if (!allotment) {
      toast.error(t('possession.noAllotment'));
      return;
    }
    record.mutate(
      {
        allotmentId: allotment.id,
        possession_date: date,
        area_verified: areaValue,
        boundary_marked: boundary,
        remarks: remarks.trim(),
      },
      {
        onSuccess: (possession) => {
          toast.success(t('possession.success'));
          onOpenChange(false);
          onRecorded?.(possession);
        },
        onError: (error) => actionFailedDetailPreferred(t('possession.failed'), error),
      },
    );
  };
  const errorOf = (id: string) => errors.find((error) => error.fieldId === id)?.message;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('possession.title')}
      formId="record-possession-form"
      onSubmit={submit}
      cancelLabel={t('cancel')}
      submitLabel={t('possession.submit')}
      busy={record.isPending}
      busyText={t('possession.submitting')}
      errors={errors}
      errorsFocusKey={attempts}
      consequence={t('possession.consequence')}
    >
      <Field id="possession-date" label={t('possession.date')} error={errorOf('possession-date')}>
        <Input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      </Field>
      <Field
        id="possession-area"
        label={t('possession.area')}
        hint={asset ? t('possession.areaHint', { unit: asset.unit }) : undefined}
        error={errorOf('possession-area')}
      >
        <Input
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={area}
          onChange={(event) => setArea(event.target.value)}
        />
      </Field>
      <Checkbox
        id="possession-boundary"
        label={t('possession.boundary')}
        checked={boundary}
        onChange={(event) => setBoundary(event.target.checked)}
      />
      <Field id="possession-remarks" label={t('possession.remarks')} optional>
        <Textarea value={remarks} maxLength={2000} onChange={(event) => setRemarks(event.target.value)} />
      </Field>
    </FormDialog>
  );
}
