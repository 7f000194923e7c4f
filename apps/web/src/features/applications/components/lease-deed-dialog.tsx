/** Upload Lease Deed: one PDF (the picker accepts only .pdf) in a drop zone that is also a file button, which can
 * be removed before sending; 'Please select a file' without one. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LEASE_DEED_EXTENSIONS } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { useUploadLeaseDeed } from '../api/applications';
import { FileDropZone } from './file-drop-zone';

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
          // The spec's words lead; the server's reason, when it gave one, follows underneath.
          toast.error(t('detail.leaseDeed.failed'), {
            description: uploadError instanceof ApiError ? uploadError.detail : undefined,
          });
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
            {t('cancel')}
          </Button>
          <Button onClick={send} busy={upload.isPending} busyText={t('detail.leaseDeed.uploading')}>
            {t('detail.leaseDeed.upload')}
          </Button>
        </>
      }
    >
      <FileDropZone
        id="lease-deed-file"
        title={t('detail.leaseDeed.file')}
        required
        extensions={LEASE_DEED_EXTENSIONS}
        chooseLabel={t('wizard.chooseFile', { type: t('detail.leaseDeed.file') })}
        removeLabel={t('detail.leaseDeed.removeLabel')}
        progressLabel={t('detail.leaseDeed.uploading')}
        file={file}
        error={error}
        progress={progress}
        disabled={upload.isPending}
        onChange={(chosen, problem) => {
          setFile(chosen);
          setError(problem);
        }}
      />
    </Dialog>
  );
}
