/** Update Status: exactly the manual moves the lifecycle lets the role make from the current status, the stage text
 * (default per status, editable) and an optional committee assignee. A guard's refusal (409) shows in the dialog. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DEFAULT_STAGE, statusLabel, type Application, type ApplicationStatus, type Role } from '@portal/contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { DebouncedInput } from '../../../components/debounced-input';
import { committeeMembers, useCommitteeMembers, useUpdateStatus } from '../api/officer-actions';
import { actionFailed } from '../lib/action-toasts';
import { statusTargets } from '../lib/available-actions';
import { GuardRefusal, guardRefusalOf } from './guard-refusal';

export interface UpdateStatusDialogProps {
  application: Application;
  role: Role;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function UpdateStatusDialog({ application, role, open, onOpenChange }: UpdateStatusDialogProps) {
  const { t } = useTranslation('applications');
  const options = statusTargets(application.status, role);
  const [memberSearch, setMemberSearch] = useState('');
  const users = useCommitteeMembers(memberSearch);
  const everyone = useCommitteeMembers();
  const committee = committeeMembers(users.data);
  const [to, setTo] = useState<ApplicationStatus | ''>(options[0] ?? '');
  const [stage, setStage] = useState(options[0] ? DEFAULT_STAGE[options[0]] : '');
  const [assignee, setAssignee] = useState(application.assigned_to ?? '');
  // The current assignee stays a choice while a search hides them.
  const current = committeeMembers(everyone.data).find((user) => user.id === assignee);
  const choices = current && !committee.some((user) => user.id === current.id) ? [current, ...committee] : committee;
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempts, setAttempts] = useState(0);
  const [refusal, setRefusal] = useState<string>();
  const update = useUpdateStatus(application.id);

  const chooseStatus = (value: string) => {
    setTo(value as ApplicationStatus);
    if (value) setStage(DEFAULT_STAGE[value as ApplicationStatus]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldError[] = [];
    if (!to) found.push({ fieldId: 'update-status-to', message: t('updateStatus.chooseStatus') });
    if (!stage.trim()) found.push({ fieldId: 'update-status-stage', message: t('updateStatus.enterStage') });
    setErrors(found);
    setRefusal(undefined);
    setAttempts((count) => count + 1);
    if (found.length || !to) return;
    update.mutate(
      { status: to, current_stage: stage.trim(), ...(assignee ? { assigned_to: assignee } : {}) },
      {
        onSuccess: () => {
          toast.success(t('updateStatus.success'));
          onOpenChange(false);
        },
        onError: (error) => {
          const detail = guardRefusalOf(error);
          if (detail) setRefusal(detail);
          else actionFailed(t('updateStatus.failed'), error);
        },
      },
    );
  };

  const consequence = !to
    ? ''
    : to === 'rejected' || to === 'pending_payment'
      ? t(`updateStatus.consequence_${to}`)
      : t('updateStatus.consequence', {
          from: t(`statuses.${application.status}`),
          to: t(`statuses.${to}`),
        });
  const errorOf = (id: string) => errors.find((error) => error.fieldId === id)?.message;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('updateStatus.title')}
      formId="update-status-form"
      onSubmit={submit}
      cancelLabel={t('cancel')}
      submitLabel={t('updateStatus.submit')}
      busy={update.isPending}
      busyText={t('updateStatus.submitting')}
      errors={errors}
      errorsFocusKey={attempts}
      consequence={consequence}
    >
      <GuardRefusal title={t('updateStatus.failed')} detail={refusal} />
      <Field id="update-status-to" label={t('updateStatus.newStatus')} error={errorOf('update-status-to')}>
        <Select value={to} onChange={(event) => chooseStatus(event.target.value)}>
          {options.map((status) => (
            <option key={status} value={status}>
              {t(`ui:status.${status}`, { defaultValue: statusLabel(status) })}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="update-status-stage"
        label={t('updateStatus.stage')}
        hint={t('updateStatus.stageHint')}
        error={errorOf('update-status-stage')}
      >
        <Input value={stage} maxLength={500} onChange={(event) => setStage(event.target.value)} />
      </Field>
      <Field id="update-status-member-search" label={t('updateStatus.findMember')} optional>
        <DebouncedInput type="search" value={memberSearch} maxLength={100} onCommit={setMemberSearch} />
      </Field>
      <Field id="update-status-assignee" label={t('updateStatus.assignee')} optional>
        <Select value={assignee} onChange={(event) => setAssignee(event.target.value)}>
          <option value="">{t('updateStatus.noAssignee')}</option>
          {choices.map((user) => (
            <option key={user.id} value={user.id}>
              {user.full_name}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}
