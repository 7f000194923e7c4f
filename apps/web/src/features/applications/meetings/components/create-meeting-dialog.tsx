/** Create Meeting: date (dd/mm/yyyy) and agenda required, the committee type (slsc, slac, board, sipc), and the
 * applications pending committee that go on the agenda, found by searching the server. The meeting is kept on the
 * server; a refusal is said in the dialog. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMITTEE_TYPES, createMeetingRequestSchema, formatNumber } from '@portal/contract';
import { useApplicationPage } from '../../../../api/applications';
import { DebouncedInput } from '../../../../components/debounced-input';
import { FormDateField, inputDate } from '../../../../components/form/date-input';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Field } from '../../../../components/ui/field';
import { Checkbox, Select, Textarea } from '../../../../components/ui/input';
import { useStageWords } from '../../../../components/ui/stage-text';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { errorDetail } from '../../../../lib/api-client';
import { PENDING_COMMITTEE, useCreateMeeting } from '../api/meetings';

const PICKER_LIMIT = 50;

const createMeetingFormSchema = createMeetingRequestSchema.extend({ meeting_date: inputDate() });

export interface CreateMeetingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateMeetingDialog({ open, onOpenChange }: CreateMeetingDialogProps) {
  const { t } = useTranslation('meetings');
  const create = useCreateMeeting();
  const dialog = useDialogAction(create.isPending, { open, onOpenChange });
  const form = useSchemaForm({
    schema: createMeetingFormSchema,
    defaultValues: { meeting_date: '', committee_type: 'slsc', agenda: '', applications: [] },
    messages: 'meetings:create.errors',
    idPrefix: 'meeting-',
    fieldOrder: ['meeting_date', 'committee_type', 'agenda'],
  });
  const chosen = form.watch('applications') ?? [];
  const [search, setSearch] = useState('');
  const found = useApplicationPage(
    { ...PENDING_COMMITTEE, q: search, sort: 'submitted_at', limit: PICKER_LIMIT },
    { enabled: open },
  );
  const results = found.data?.items ?? [];
  // Chosen applications stay on the list (and chosen) while another search hides them.
  const labels = useRef(new Map<string, string>());
  const stageWords = useStageWords();
  for (const application of results)
    labels.current.set(application.id, `${application.application_number} – ${stageWords(application)}`);
  const shown = [
    ...chosen.filter((id) => !results.some((application) => application.id === id)),
    ...results.map((application) => application.id),
  ];

  const toggle = (id: string, on: boolean) =>
    form.setValue('applications', on ? [...chosen, id] : chosen.filter((item) => item !== id));

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) =>
        dialog.send((outcome) => create.mutate(values, outcome), {
          done: t('create.success'),
          // The spec's words lead; the server's reason, when it gave one, follows.
          failed: (error) => {
            const reason = errorDetail(error, '');
            return reason ? t('create.failedBecause', { reason }) : t('create.failed');
          },
          then: () => form.reset(),
        })
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('create.title')}
      size="lg"
      cancelLabel={t('cancel')}
      submitLabel={t('create.submit')}
      busy={create.isPending}
      busyText={t('create.submitting')}
      consequence={t('create.consequence')}
    >
      <FormDateField form={form} name="meeting_date" label={t('create.date')} />
      <FormField form={form} name="committee_type" label={t('create.committeeType')}>
        <Select {...form.register('committee_type')}>
          {COMMITTEE_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`create.committeeTypes.${value}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField form={form} name="agenda" label={t('create.agenda')}>
        <Textarea maxLength={5000} {...form.register('agenda')} />
      </FormField>
      <fieldset className="space-y-1">
        <legend className="font-medium text-slate-900">
          {t('create.applications')} <span className="font-normal text-slate-600">{t('common:optional')}</span>
        </legend>
        <Field id="meeting-application-search" label={t('create.findApplication')}>
          <DebouncedInput type="search" value={search} maxLength={100} onCommit={setSearch} />
        </Field>
        {found.data && found.data.total > results.length && (
          <p className="text-sm text-slate-600">
            {t('create.more', { shown: results.length, total: formatNumber(found.data.total) })}
          </p>
        )}
        {shown.length === 0 ? (
          found.isPending ? null : (
            <p className="text-slate-700">{t('create.noApplications')}</p>
          )
        ) : (
          <div aria-busy={found.isPlaceholderData || undefined}>
            {shown.map((id) => (
              <div key={id}>
                <Checkbox
                  id={`meeting-application-${id}`}
                  label={labels.current.get(id) ?? id}
                  checked={chosen.includes(id)}
                  onChange={(event) => toggle(id, event.target.checked)}
                />
              </div>
            ))}
          </div>
        )}
      </fieldset>
    </SchemaFormDialog>
  );
}
