/** Upload Lease Deed: one PDF (the picker accepts only .pdf) in a drop zone that is also a file button, which can
 * be removed before sending; 'Please select a file' without one. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LEASE_DEED_EXTENSIONS } from '@portal/contract';
import { useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useUploadLeaseDeed } from '../api/applications';
import { chooseFile, requiredFile } from './file-field';
import { FileDropZone } from './file-drop-zone';
import { refusalText } from './refusal-text';

/** The multipart body of POST /allotments/{id}/lease-deed: its one field, file. */
const leaseDeedFormSchema = z.object({ file: requiredFile() });

export interface LeaseDeedDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  applicationId: string;
  allotmentId: string;
}

export function LeaseDeedDialog({ open, onOpenChange, applicationId, allotmentId }: LeaseDeedDialogProps) {
  const { t } = useTranslation('applications');
  const upload = useUploadLeaseDeed(applicationId);
  const [progress, setProgress] = useState<number>();
  const dialog = useDialogAction(upload.isPending, { open, onOpenChange });
  const form = useSchemaForm({
    schema: leaseDeedFormSchema,
    defaultValues: { file: null },
    messages: 'applications:detail.leaseDeed.errors',
    idPrefix: 'lease-deed-',
  });

  return (
    <SchemaFormDialog
      form={form}
      onValid={({ file }) =>
        dialog.send(
          (outcome) => {
            setProgress(0);
            upload.mutate({ allotmentId, file, onProgress: setProgress }, outcome);
          },
          {
            done: t('detail.leaseDeed.uploaded'),
            // The spec's words lead; the server's reason, when it gave one, follows.
            failed: (uploadError) => {
              setProgress(undefined);
              return refusalText(t, t('detail.leaseDeed.failed'), uploadError);
            },
            then: () => {
              setProgress(undefined);
              form.reset();
            },
          },
        )
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={(next) => {
        if (!next) setProgress(undefined);
        dialog.onOpenChange(next);
      }}
      title={t('detail.leaseDeed.title')}
      description={t('detail.leaseDeed.description')}
      cancelLabel={t('cancel')}
      submitLabel={t('detail.leaseDeed.upload')}
      busy={upload.isPending}
      busyText={t('detail.leaseDeed.uploading')}
    >
      <FileDropZone
        id={form.idOf('file')}
        title={t('detail.leaseDeed.file')}
        required
        extensions={LEASE_DEED_EXTENSIONS}
        chooseLabel={t('wizard.chooseFile', { type: t('detail.leaseDeed.file') })}
        removeLabel={t('detail.leaseDeed.removeLabel')}
        progressLabel={t('detail.leaseDeed.uploading')}
        file={form.watch('file') ?? undefined}
        error={form.errorOf('file')}
        progress={progress}
        disabled={upload.isPending}
        onChange={(chosen, problem) => chooseFile(form, chosen, problem)}
      />
    </SchemaFormDialog>
  );
}
