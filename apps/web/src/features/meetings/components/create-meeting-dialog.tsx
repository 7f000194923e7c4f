/** Create Meeting: date and agenda required, the committee type (slsc, slac, board, sipc), and the applications
 * pending committee that go on the agenda, found by searching the server. The meeting is kept on the server. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COMMITTEE_TYPES, formatNumber, type CommitteeType } from '@portal/contract';
import { useApplicationPage } from '../../../api/applications';
import { DebouncedInput } from '../../../components/debounced-input';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Checkbox, Input, Select, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { PENDING_COMMITTEE, useCreateMeeting } from '../api/meetings';

const PICKER_LIMIT = 50;

export interface CreateMeetingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateMeetingDialog({ open, onOpenChange }: CreateMeetingDialogProps) {
  const { t } = useTranslation('meetings');
  const [date, setDate] = useState('');
  const [committeeType, setCommitteeType] = useState<CommitteeType>('slsc');
  const [agenda, setAgenda] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempts, setAttempts] = useState(0);
  const create = useCreateMeeting();
  const [search, setSearch] = useState('');
  const found = useApplicationPage(
    { ...PENDING_COMMITTEE, q: search, sort: 'submitted_at', limit: PICKER_LIMIT },
    { enabled: open },
  );
  const results = found.data?.items ?? [];
  // Chosen applications stay on the list (and chosen) while another search hides them.
  const labels = useRef(new Map<string, string>());
  for (const application of results)
    labels.current.set(application.id, `${application.application_number} – ${application.current_stage}`);
  const shown = [
    ...chosen.filter((id) => !results.some((application) => application.id === id)),
    ...results.map((application) => application.id),
  ];

  const toggle = (id: string, on: boolean) =>
    setChosen((list) => (on ? [...list, id] : list.filter((item) => item !== id)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldError[] = [];
    if (!date) found.push({ fieldId: 'meeting-date', message: t('create.enterDate') });
    if (!agenda.trim()) found.push({ fieldId: 'meeting-agenda', message: t('create.enterAgenda') });
    setErrors(found);
    setAttempts((count) => count + 1);
    if (found.length) return;
    create.mutate(
      { meeting_date: date, committee_type: committeeType, agenda: agenda.trim(), applications: chosen },
      {
        onSuccess: () => {
          toast.success(t('create.success'));
          onOpenChange(false);
        },
        onError: (error) => {
          const detail = error instanceof ApiError ? error.detail : undefined;
          toast.error(t('create.failed'), detail ? { description: detail } : undefined);
        },
      },
    );
  };
  const errorOf = (id: string) => errors.find((error) => error.fieldId === id)?.message;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('create.title')}
      size="lg"
      formId="create-meeting-form"
      onSubmit={submit}
      cancelLabel={t('cancel')}
      submitLabel={t('create.submit')}
      busy={create.isPending}
      busyText={t('create.submitting')}
      errors={errors}
      errorsFocusKey={attempts}
      consequence={t('create.consequence')}
    >
      <Field id="meeting-date" label={t('create.date')} error={errorOf('meeting-date')}>
        <Input type="date" value={date} required onChange={(event) => setDate(event.target.value)} />
      </Field>
      <Field id="meeting-committee" label={t('create.committeeType')}>
        <Select value={committeeType} onChange={(event) => setCommitteeType(event.target.value as CommitteeType)}>
          {COMMITTEE_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`create.committeeTypes.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="meeting-agenda" label={t('create.agenda')} error={errorOf('meeting-agenda')}>
        <Textarea value={agenda} required maxLength={5000} onChange={(event) => setAgenda(event.target.value)} />
      </Field>
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
    </FormDialog>
  );
}
