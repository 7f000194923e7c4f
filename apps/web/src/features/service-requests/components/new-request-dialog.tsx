/** The New Request dialog: type (default change_name), optional application and allotment (empty sent as null),
 * description (required) and fee (numeric, default 0). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatNumber, SERVICE_REQUEST_TYPES, type ServiceRequestType } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorSummary, type FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { SearchSelect } from '../../../components/search-select';
import { ApiError } from '../../../lib/api-client';
import { useAllotmentPage } from '../../../api/allotments';
import { useApplicationPage } from '../../../api/applications';
import { useCreateServiceRequest } from '../api/service-requests';

const PICKER_LIMIT = 20;

interface Draft {
  request_type: ServiceRequestType;
  application_id: string;
  allotment_id: string;
  description: string;
  fee_amount: string;
}

const EMPTY: Draft = {
  request_type: 'change_name',
  application_id: '',
  allotment_id: '',
  description: '',
  fee_amount: '0',
};

export function NewRequestDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('service-requests');
  const [applicationSearch, setApplicationSearch] = useState('');
  const [allotmentSearch, setAllotmentSearch] = useState('');
  const applications = useApplicationPage(
    { limit: PICKER_LIMIT, sort: '-created_at', q: applicationSearch },
    { enabled: open },
  );
  // A failed look-up leaves a choice empty rather than blocking the request.
  const allotments = useAllotmentPage(
    { limit: PICKER_LIMIT, sort: '-created_at', q: allotmentSearch },
    { enabled: open },
  );
  const more = (page: { items: unknown[]; total: number } | undefined) =>
    page && page.total > page.items.length
      ? t('list:pickerMore', { shown: page.items.length, total: formatNumber(page.total) })
      : undefined;
  const create = useCreateServiceRequest();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempts, setAttempts] = useState(0);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const errorFor = (fieldId: string) => errors.find((error) => error.fieldId === fieldId)?.message;

  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      setDraft(EMPTY);
      setErrors([]);
    }
    onOpenChange(next);
  };

  const submit = () => {
    const found: FieldError[] = [];
    if (!draft.description.trim()) found.push({ fieldId: 'sr-description', message: t('dialog.descriptionRequired') });
    const fee = draft.fee_amount.trim() === '' ? 0 : Number(draft.fee_amount);
    if (!Number.isFinite(fee) || fee < 0) found.push({ fieldId: 'sr-fee', message: t('dialog.feeInvalid') });
    setErrors(found);
    setAttempts((count) => count + 1);
    if (found.length > 0) return;
    create.mutate(
      {
        request_type: draft.request_type,
        application_id: draft.application_id || null,
        allotment_id: draft.allotment_id || null,
        description: draft.description.trim(),
        fee_amount: fee,
      },
      {
        onSuccess: () => {
          toast.success(t('dialog.submitted'));
          setDraft(EMPTY);
          onOpenChange(false);
        },
        // The spec's words lead; the server's reason, when it gave one, follows underneath.
        onError: (error) =>
          toast.error(t('dialog.failed'), { description: error instanceof ApiError ? error.detail : undefined }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('dialog.title')}
      description={t('dialog.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={create.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={submit} busy={create.isPending} busyText={t('dialog.submitting')}>
            {t('dialog.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <ErrorSummary errors={errors} focusKey={attempts} />
        <Field id="sr-type" label={t('dialog.requestType')}>
          <Select
            value={draft.request_type}
            onChange={(event) => set('request_type', event.target.value as ServiceRequestType)}
          >
            {SERVICE_REQUEST_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <SearchSelect
          id="sr-application"
          label={t('dialog.application')}
          searchLabel={t('dialog.findApplication')}
          noneLabel={t('dialog.none')}
          optional
          value={draft.application_id}
          onChange={(value) => set('application_id', value)}
          search={applicationSearch}
          onSearch={setApplicationSearch}
          hint={more(applications.data)}
          options={(applications.data?.items ?? []).map((application) => ({
            value: application.id,
            label: application.application_number,
          }))}
        />
        <SearchSelect
          id="sr-allotment"
          label={t('dialog.allotment')}
          searchLabel={t('dialog.findAllotment')}
          noneLabel={t('dialog.none')}
          optional
          value={draft.allotment_id}
          onChange={(value) => set('allotment_id', value)}
          search={allotmentSearch}
          onSearch={setAllotmentSearch}
          hint={more(allotments.data)}
          options={(allotments.data?.items ?? []).map((allotment) => ({
            value: allotment.id,
            label: allotment.allotment_number,
          }))}
        />
        <Field id="sr-description" label={t('dialog.descriptionField')} error={errorFor('sr-description')}>
          <Textarea rows={4} value={draft.description} onChange={(event) => set('description', event.target.value)} />
        </Field>
        <Field id="sr-fee" label={t('dialog.fee')} error={errorFor('sr-fee')}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={draft.fee_amount}
            onChange={(event) => set('fee_amount', event.target.value)}
          />
        </Field>
      </div>
    </Dialog>
  );
}
