/** Create Meeting: date and agenda required, the committee type (slsc, slac, board, sipc), and the applications
 * pending committee that go on the agenda. The meeting is kept on the server. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Info } from 'lucide-react';
import { COMMITTEE_TYPES, type Application, type CommitteeType } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorSummary, type FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Checkbox, Input, Select, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useCreateMeeting } from '../api/meetings';

export interface CreateMeetingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: Application[];
}

export function CreateMeetingDialog({ open, onOpenChange, pending }: CreateMeetingDialogProps) {
  const { t } = useTranslation('meetings');
  const [date, setDate] = useState('');
  const [committeeType, setCommitteeType] = useState<CommitteeType>('slsc');
  const [agenda, setAgenda] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempts, setAttempts] = useState(0);
  const create = useCreateMeeting();

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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('create.title')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="create-meeting-form" busy={create.isPending} busyText={t('create.submitting')}>
            {t('create.submit')}
          </Button>
        </>
      }
    >
      <form id="create-meeting-form" noValidate onSubmit={submit} className="space-y-4">
        <ErrorSummary errors={errors} focusKey={attempts} />
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
          {pending.length === 0 ? (
            <p className="text-slate-700">{t('create.noApplications')}</p>
          ) : (
            pending.map((application) => (
              <div key={application.id}>
                <Checkbox
                  id={`meeting-application-${application.id}`}
                  label={`${application.application_number} – ${application.current_stage}`}
                  checked={chosen.includes(application.id)}
                  onChange={(event) => toggle(application.id, event.target.checked)}
                />
              </div>
            ))
          )}
        </fieldset>
        <p className="flex items-start gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-slate-800">
          <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>{t('create.consequence')}</span>
        </p>
      </form>
    </Dialog>
  );
}
