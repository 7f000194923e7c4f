/** Update Status: exactly the manual moves the lifecycle lets the role make from the current status, the stage text
 * (the status's own stage in the reader's words, editable) and an optional committee assignee. The stage left as
 * offered is sent as its code; an edited one is the officer's own words. A refusal (a guard's 409) shows in the
 * dialog. A rejection asks for its reason instead of the stage (sent as the officer's words, which the server
 * requires), and a move that cannot be undone is said in words and confirmed once more (decision 024). */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  DEFAULT_STAGE,
  REASON_REQUIRED_STATUSES,
  isFinalEvent,
  lacksReason,
  manualEventFor,
  statusStage,
  updateStatusRequestSchema,
  type Application,
  type ApplicationStatus,
  type Role,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Field } from '../../../../components/ui/field';
import { Input, Select, Textarea } from '../../../../components/ui/input';
import { stageWords } from '../../../../components/ui/stage-text';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { DebouncedInput } from '../../../../components/debounced-input';
import { committeeMembers, useCommitteeMembers, useUpdateStatus } from '../api/officer-actions';
import { statusTargets } from '../lib/available-actions';
import { refusalText } from './refusal-text';

/** The contract's body; "No one" is the empty choice of the assignee list. */
const updateStatusFormSchema = updateStatusRequestSchema
  .extend({
    assigned_to: z.literal('').or(updateStatusRequestSchema.shape.assigned_to),
    // Checked below, so that an empty reason is asked for as a reason, not as stage text.
    current_stage: z.string(),
  })
  .superRefine((values, context) => {
    // The officer's own words are the reason (the server's rule, from the contract).
    if (lacksReason({ status: values.status, current_stage: values.current_stage })) {
      context.addIssue({ code: 'custom', path: ['current_stage'], message: 'reason_required' });
      return;
    }
    const stage = updateStatusRequestSchema.shape.current_stage.safeParse(values.current_stage);
    for (const issue of stage.success ? [] : stage.error.issues)
      context.addIssue({ ...issue, path: ['current_stage', ...issue.path] } as Parameters<typeof context.addIssue>[0]);
  });

const needsReason = (status: ApplicationStatus | undefined) =>
  status !== undefined && REASON_REQUIRED_STATUSES.includes(status);

export interface UpdateStatusDialogProps {
  application: Application;
  role: Role;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function UpdateStatusDialog({ application, role, open, onOpenChange }: UpdateStatusDialogProps) {
  const { t } = useTranslation('applications');
  const options = statusTargets(application.status, role);
  const assigns = role !== 'committee';
  const [memberSearch, setMemberSearch] = useState('');
  const users = useCommitteeMembers(memberSearch);
  const everyone = useCommitteeMembers();
  const committee = committeeMembers(users.data);
  const update = useUpdateStatus(application.id);
  const dialog = useDialogAction(update.isPending, { open, onOpenChange });
  const { t: ui } = useTranslation('ui');
  const offeredStage = (status: ApplicationStatus) => stageWords(ui, statusStage(status), '');
  const form = useSchemaForm({
    schema: updateStatusFormSchema,
    defaultValues: {
      // None when no move is offered: the form then says so instead of sending one.
      status: options[0],
      current_stage: options[0] && !needsReason(options[0]) ? offeredStage(options[0]) : '',
      assigned_to: application.assigned_to ?? '',
    },
    messages: 'applications:updateStatus.errors',
    idPrefix: 'update-status-',
  });
  const to = form.watch('status');
  const assignee = form.watch('assigned_to');
  // The current assignee stays a choice while a search hides them.
  const current = committeeMembers(everyone.data).find((user) => user.id === assignee);
  const choices = current && !committee.some((user) => user.id === current.id) ? [current, ...committee] : committee;

  const consequenceOf = (target: ApplicationStatus | undefined) => {
    const event = target ? manualEventFor(application.status, target) : undefined;
    return !target
      ? ''
      : event === 'reject' || event === 'request_payment'
        ? t(`updateStatus.consequence_${event}`)
        : t('updateStatus.consequence', {
            from: t(`statuses.${application.status}`),
            to: t(`statuses.${target}`),
          });
  };
  const isFinal = (target: ApplicationStatus | undefined) => {
    const event = target ? manualEventFor(application.status, target) : undefined;
    return event !== undefined && isFinalEvent(event);
  };
  const consequence = consequenceOf(to);
  const reasonAsked = needsReason(to);

  return (
    <SchemaFormDialog
      form={form}
      onValid={({ status, current_stage, assigned_to }) => {
        const stage =
          current_stage.trim() === offeredStage(status)
            ? { current_stage: DEFAULT_STAGE[status], stage: statusStage(status) }
            : { current_stage };
        dialog.send(
          (outcome) => update.mutate({ status, ...stage, ...(assigned_to ? { assigned_to } : {}) }, outcome),
          {
            done: t('updateStatus.success'),
            failed: (error) => refusalText(t, t('updateStatus.failed'), error),
            then: () => form.reset(),
          },
        );
      }}
      refusal={dialog.refusal}
      confirm={({ status }) =>
        isFinal(status)
          ? {
              statement: t('updateStatus.confirm', {
                number: application.application_number,
                from: t(`statuses.${application.status}`),
                to: ui(`status.${status}`),
              }),
              consequence: consequenceOf(status),
            }
          : null
      }
      confirmsNow={isFinal(to)}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('updateStatus.title')}
      cancelLabel={t('cancel')}
      submitLabel={t('updateStatus.submit')}
      busy={update.isPending}
      busyText={t('updateStatus.submitting')}
      consequence={consequence}
    >
      <FormField form={form} name="status" label={t('updateStatus.newStatus')}>
        <Select
          {...form.register('status', {
            onChange: (event: ChangeEvent<HTMLSelectElement>) => {
              const next = event.target.value as ApplicationStatus | '';
              // A rejection's stage is its reason, in the officer's words: the field starts empty.
              if (next) form.setValue('current_stage', needsReason(next) ? '' : offeredStage(next));
            },
          })}
        >
          {options.map((status) => (
            <option key={status} value={status}>
              {t(`statuses.${status}`)}
            </option>
          ))}
        </Select>
      </FormField>
      {reasonAsked ? (
        <FormField
          form={form}
          name="current_stage"
          label={t('updateStatus.reason')}
          hint={t('updateStatus.reasonHint')}
        >
          <Textarea rows={3} maxLength={500} {...form.register('current_stage')} />
        </FormField>
      ) : (
        <FormField form={form} name="current_stage" label={t('updateStatus.stage')} hint={t('updateStatus.stageHint')}>
          <Input maxLength={500} {...form.register('current_stage')} />
        </FormField>
      )}
      {/* A committee member does not hand the case to a committee member: the assignment is the referring office's. */}
      {assigns && (
        <>
          <Field id="update-status-member-search" label={t('updateStatus.findMember')} optional>
            <DebouncedInput type="search" value={memberSearch} maxLength={100} onCommit={setMemberSearch} />
          </Field>
          {/* Controlled as well: the members arrive after the dialog opens, and the choice must survive that. */}
          <FormField form={form} name="assigned_to" label={t('updateStatus.assignee')} optional>
            <Select {...form.register('assigned_to')} value={assignee ?? ''}>
              <option value="">{t('updateStatus.noAssignee')}</option>
              {choices.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.full_name}
                </option>
              ))}
            </Select>
          </FormField>
        </>
      )}
    </SchemaFormDialog>
  );
}
