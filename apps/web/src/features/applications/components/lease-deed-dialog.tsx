/** Upload Lease Deed: one PDF (the picker accepts only .pdf), 'Please select a file' without one. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { acceptAttribute, LEASE_DEED_EXTENSIONS } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorDetail } from '../../../lib/api-client';
import { useUploadLeaseDeed } from '../api/applications';
import { fileProblem } from '../lib/file-rules';
import { ProgressBar } from './progress-bar';

export interface LeaseDeedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  applicationId: string;
  allotmentId: string;
}

export function LeaseDeedDialog({ open, onOpenChange, applicationId, allotmentId }: LeaseDeedDialogProps) {
  const { t } = useTranslation('applications');
  const upload = useUploadLeaseDeed(applicationId);
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number>();

  const close = (next: boolean) => {
    if (upload.isPending) return;
    if (!next) {
      setFile(undefined);
      setError(undefined);
      setProgress(undefined);
    }
    onOpenChange(next);
  };

  const send = () => {
    if (!file) {
      const message = t('detail.leaseDeed.selectFile');
      setError(message);
      toast.error(message);
      return;
    }
    const problem = fileProblem(file, LEASE_DEED_EXTENSIONS);
    if (problem) {
      setError(problem.kind === 'tooLarge' ? t('wizard.tooLarge') : t('wizard.wrongType', { types: problem.types }));
      return;
    }
    setProgress(0);
    upload.mutate(
      { allotmentId, file, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(t('detail.leaseDeed.uploaded'));
          setProgress(undefined);
          setFile(undefined);
          onOpenChange(false);
        },
        onError: (uploadError) => {
          setProgress(undefined);
          toast.error(errorDetail(uploadError, t('detail.leaseDeed.failed')));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('detail.leaseDeed.title')}
      description={t('detail.leaseDeed.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={upload.isPending}>
            {t('detail.leaseDeed.cancel')}
          </Button>
          <Button onClick={send} busy={upload.isPending} busyText={t('detail.leaseDeed.uploading')}>
            {t('detail.leaseDeed.upload')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <Field id="lease-deed-file" label={t('detail.leaseDeed.file')} hint={t('detail.leaseDeed.hint')} error={error}>
          <Input
            type="file"
            accept={acceptAttribute(LEASE_DEED_EXTENSIONS)}
            disabled={upload.isPending}
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setError(undefined);
            }}
          />
        </Field>
        {progress !== undefined && <ProgressBar value={progress} label={t('detail.leaseDeed.uploading')} />}
      </div>
    </Dialog>
  );
}
