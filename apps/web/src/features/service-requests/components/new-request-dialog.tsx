/** The New Request dialog: type (default change_name), application and allotment (empty sent as null; one of them
 * is required when the type has a fee, since the fee is billed to it) and description (required). The fee is the
 * contract's for the type, shown, never typed. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  formatNumber,
  formatRupees,
  SERVICE_REQUEST_TYPES,
  serviceRequestFee,
  type ServiceRequestType,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorSummary, type FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
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
}

const EMPTY: Draft = {
  request_type: 'change_name',
  application_id: '',
  allotment_id: '',
  description: '',
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

  const fee = serviceRequestFee(draft.request_type);
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
    if (fee > 0 && !draft.application_id && !draft.allotment_id)
      found.push({ fieldId: 'sr-application', message: t('dialog.applicationRequired') });
    if (!draft.description.trim()) found.push({ fieldId: 'sr-description', message: t('dialog.descriptionRequired') });
    setErrors(found);
    setAttempts((count) => count + 1);
    if (found.length > 0) return;
    create.mutate(
      {
        request_type: draft.request_type,
        application_id: draft.application_id || null,
        allotment_id: draft.allotment_id || null,
        description: draft.description.trim(),
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
        <Field
          id="sr-type"
          label={t('dialog.requestType')}
          hint={fee > 0 ? t('dialog.feeHint', { fee: formatRupees(fee) }) : t('dialog.noFee')}
        >
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
          optional={fee === 0}
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
        {errorFor('sr-application') && (
          <p className="-mt-3 text-sm font-medium text-red-700">{errorFor('sr-application')}</p>
        )}
        <SearchSelect
          id="sr-allotment"
          label={t('dialog.allotment')}
          searchLabel={t('dialog.findAllotment')}
          noneLabel={t('dialog.none')}
          optional={fee === 0}
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
      </div>
    </Dialog>
  );
}
