/** The committee's decision on an application pending committee: approved, rejected, deferred or conditional
 * approval, sent as the contract's committeeDecisionUpdate; the conditions are shown but not sent (spec section 4). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  COMMITTEE_DECISIONS,
  committeeDecisionUpdate,
  type Application,
  type CommitteeDecision,
} from '@portal/contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
import { useUpdateStatus } from '../api/officer-actions';
import { actionFailed } from '../lib/action-toasts';
import { GuardRefusal, guardRefusalOf } from './guard-refusal';

export interface CommitteeDecisionDialogProps {
  application: Application;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CommitteeDecisionDialog({ application, open, onOpenChange }: CommitteeDecisionDialogProps) {
  const { t } = useTranslation('applications');
  const [decision, setDecision] = useState<CommitteeDecision>('approved');
  const [remarks, setRemarks] = useState('');
  const [conditions, setConditions] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const update = useUpdateStatus(application.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setRefusal(undefined);
    update.mutate(committeeDecisionUpdate(decision, remarks), {
      onSuccess: () => {
        toast.success(t('decision.success'));
        onOpenChange(false);
      },
      onError: (error) => {
        // A guard (documents not verified, a query open) or a changed status: say why in the dialog.
        const detail = guardRefusalOf(error);
        if (detail) setRefusal(detail);
        else actionFailed(t('decision.failed'), error);
      },
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('decision.title')}
      formId="committee-decision-form"
      onSubmit={submit}
      cancelLabel={t('cancel')}
      submitLabel={t('decision.submit')}
      submitVariant={decision === 'rejected' ? 'danger' : 'primary'}
      busy={update.isPending}
      busyText={t('decision.submitting')}
      consequence={t(`decision.consequence_${decision}`)}
    >
      <GuardRefusal title={t('decision.failed')} detail={refusal} />
      <Field id="committee-decision" label={t('decision.decision')}>
        <Select value={decision} onChange={(event) => setDecision(event.target.value as CommitteeDecision)}>
          {COMMITTEE_DECISIONS.map((value) => (
            <option key={value} value={value}>
              {t(`decision.decisions.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="committee-remarks" label={t('decision.remarks')} optional>
        <Textarea value={remarks} maxLength={400} onChange={(event) => setRemarks(event.target.value)} />
      </Field>
      <Field id="committee-conditions" label={t('decision.conditions')} hint={t('decision.conditionsHint')} optional>
        <Textarea value={conditions} rows={3} onChange={(event) => setConditions(event.target.value)} />
      </Field>
    </FormDialog>
  );
}
