/** Upload a replacement for a rejected document: the officer's reason, then the same upload as Add a document with
 * the type already chosen; the server puts the new document in the rejected one's place. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { ApplicationDocument } from '@portal/contract';
import { useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { errorDetail } from '../../../../lib/api-client';
import { uploadDocument } from '../api/applications';
import { DocumentPicker } from './document-picker';
import { chooseFile, requiredFile } from './file-field';

const replaceDocumentFormSchema = z.object({ file: requiredFile() });

export interface ReplaceDocumentDialogProps {
  /** The rejected document to replace; the dialog is open while there is one. */
  document: ApplicationDocument | undefined;
  onClose: () => void;
  onUploaded: () => void;
}

export function ReplaceDocumentDialog({ document, onClose, onUploaded }: ReplaceDocumentDialogProps) {
  const { t } = useTranslation('applications');
  const [progress, setProgress] = useState<number>();
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm({
    schema: replaceDocumentFormSchema,
    defaultValues: { file: null },
    messages: 'applications:detail.documents.errors',
    idPrefix: 'replace-document-',
  });
  // The upload is awaited by the form's submit, so this covers the whole call.
  const busy = form.formState.isSubmitting;

  const type = document ? t(`documentTypes.${document.document_type}`) : '';
  return (
    <SchemaFormDialog
      form={form}
      onValid={async ({ file }) => {
        if (!document) return;
        setRefusal(undefined);
        setProgress(0);
        try {
          await uploadDocument(document.application_id, document.document_type, file, setProgress);
          toast.success(t('detail.documents.replaced'));
          setProgress(undefined);
          form.reset();
          onUploaded();
          onClose();
        } catch (uploadError) {
          setRefusal(errorDetail(uploadError, t('detail.documents.uploadFailed')));
          setProgress(undefined);
        }
      }}
      refusal={refusal}
      open={document !== undefined}
      onOpenChange={(open) => {
        if (open) return;
        setRefusal(undefined);
        setProgress(undefined);
        onClose();
      }}
      title={t('detail.documents.replaceTitle', { type })}
      description={
        document?.rejection_reason ? t('detail.documents.reason', { reason: document.rejection_reason }) : undefined
      }
      cancelLabel={t('cancel')}
      submitLabel={t('detail.documents.upload')}
      busy={busy}
      busyText={t('detail.documents.uploading')}
    >
      {document && (
        <DocumentPicker
          type={document.document_type}
          id={form.idOf('file')}
          file={form.watch('file') ?? undefined}
          error={form.errorOf('file')}
          progress={progress}
          disabled={busy}
          onChange={(chosen, problem) => chooseFile(form, chosen, problem)}
        />
      )}
    </SchemaFormDialog>
  );
}
