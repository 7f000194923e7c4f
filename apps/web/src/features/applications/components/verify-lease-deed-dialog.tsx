/** Lease deed verification: approved, rejected or needs revision, with remarks; approval makes the allotment final. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LEASE_DEED_VERDICTS, type Allotment, type LeaseDeedVerdict } from '@portal/contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
import { useVerifyLeaseDeed } from '../api/officer-actions';
import { actionFailed } from '../lib/action-toasts';

export interface VerifyLeaseDeedDialogProps {
  applicationId: string;
  allotment: Allotment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function VerifyLeaseDeedDialog({ applicationId, allotment, open, onOpenChange }: VerifyLeaseDeedDialogProps) {
  const { t } = useTranslation('applications');
  const [verdict, setVerdict] = useState<LeaseDeedVerdict>('approved');
  const [remarks, setRemarks] = useState('');
  const verify = useVerifyLeaseDeed(applicationId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { allotmentId: allotment.id, verification_status: verdict, remarks: remarks.trim() },
      {
        onSuccess: () => {
          toast.success(t('verifyDeed.success'));
          onOpenChange(false);
        },
        onError: (error) => actionFailed(t('verifyDeed.failed'), error),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('verifyDeed.title')}
      formId="verify-lease-deed-form"
      onSubmit={submit}
      cancelLabel={t('cancel')}
      submitLabel={t('verifyDeed.submit')}
      busy={verify.isPending}
      busyText={t('verifyDeed.submitting')}
      consequence={t(`verifyDeed.consequence_${verdict}`)}
    >
      <Field id="lease-deed-verdict" label={t('verifyDeed.verdict')}>
        <Select value={verdict} onChange={(event) => setVerdict(event.target.value as LeaseDeedVerdict)}>
          {LEASE_DEED_VERDICTS.map((value) => (
            <option key={value} value={value}>
              {t(`verifyDeed.verdicts.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="lease-deed-remarks" label={t('verifyDeed.remarks')} optional>
        <Textarea value={remarks} maxLength={2000} onChange={(event) => setRemarks(event.target.value)} />
      </Field>
    </FormDialog>
  );
}
