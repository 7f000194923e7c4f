/** Reject a document: the reason (5 to 500 characters, shown to the applicant) is asked for first; a refusal from the
 * server shows in the dialog, and the button cannot be pressed twice while the call runs. */
import { useTranslation } from 'react-i18next';
import { DOCUMENT_REJECTION_REASON, rejectDocumentRequestSchema, type ApplicationDocument } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useRejectDocument } from '../api/case-work';
import { refusalText } from './refusal-text';

export interface RejectDocumentDialogProps {
  applicationId: string;
  /** The document to reject; the dialog is open while there is one. */
  document: ApplicationDocument | undefined;
  onClose: () => void;
}

export function RejectDocumentDialog({ applicationId, document, onClose }: RejectDocumentDialogProps) {
  const { t } = useTranslation('applications');
  const reject = useRejectDocument(applicationId);
  const dialog = useDialogAction(reject.isPending);
  const form = useSchemaForm({
    schema: rejectDocumentRequestSchema,
    defaultValues: { reason: '' },
    messages: 'applications:rejectDocument.errors',
    idPrefix: 'reject-document-',
    messageParams: { reason: DOCUMENT_REJECTION_REASON },
  });

  const type = document ? t(`documentTypes.${document.document_type}`) : '';
  return (
    <SchemaFormDialog
      form={form}
      onValid={({ reason }) => {
        if (!document) return;
        dialog.send((outcome) => reject.mutate({ documentId: document.id, reason }, outcome), {
          done: t('detail.documents.rejected'),
          failed: (failure) => refusalText(t, t('detail.documents.failed'), failure),
          // Closed by whoever shows it; a success leaves the call's state as it is, a cancel clears it.
          then: () => {
            form.reset();
            onClose();
          },
        });
      }}
      refusal={dialog.refusal}
      open={document !== undefined}
      onOpenChange={(open) => {
        if (open) return;
        dialog.onOpenChange(false);
        reject.reset();
        onClose();
      }}
      title={t('rejectDocument.title', { type })}
      cancelLabel={t('cancel')}
      submitLabel={t('rejectDocument.submit')}
      submitVariant="danger"
      busy={reject.isPending}
      busyText={t('rejectDocument.submitting')}
      consequence={t('rejectDocument.consequence')}
    >
      <p className="text-slate-800">{document?.file_name}</p>
      <FormField
        form={form}
        name="reason"
        label={t('rejectDocument.reason')}
        hint={t('rejectDocument.hint', DOCUMENT_REJECTION_REASON)}
      >
        <Textarea maxLength={DOCUMENT_REJECTION_REASON.max} rows={4} {...form.register('reason')} />
      </FormField>
    </SchemaFormDialog>
  );
}
