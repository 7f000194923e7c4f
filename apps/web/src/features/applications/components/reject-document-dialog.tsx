/** Reject a document: the reason (5 to 500 characters, shown to the applicant) is asked for first; a refusal from the
 * server shows in the dialog, and the button cannot be pressed twice while the call runs. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DOCUMENT_REJECTION_REASON, rejectDocumentRequestSchema, type ApplicationDocument } from '@portal/contract';
import type { FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Textarea } from '../../../components/ui/input';
import { errorDetail } from '../../../lib/api-client';
import { useRejectDocument } from '../api/case-work';

const FIELD_ID = 'reject-document-reason';

export interface RejectDocumentDialogProps {
  applicationId: string;
  /** The document to reject; the dialog is open while there is one. */
  document: ApplicationDocument | undefined;
  onClose: () => void;
}

export function RejectDocumentDialog({ applicationId, document, onClose }: RejectDocumentDialogProps) {
  const { t } = useTranslation('applications');
  const reject = useRejectDocument(applicationId);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempts, setAttempts] = useState(0);

  const close = () => {
    if (reject.isPending) return;
    setReason('');
    setErrors([]);
    reject.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!document || reject.isPending) return;
    setAttempts((count) => count + 1);
    const parsed = rejectDocumentRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      const short = reason.trim().length < DOCUMENT_REJECTION_REASON.min;
      setErrors([
        {
          fieldId: FIELD_ID,
          message: t(short ? 'rejectDocument.tooShort' : 'rejectDocument.tooLong', DOCUMENT_REJECTION_REASON),
        },
      ]);
      return;
    }
    setErrors([]);
    reject.mutate(
      { documentId: document.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(t('detail.documents.rejected'));
          setReason('');
          onClose();
        },
        onError: (failure) =>
          setErrors([{ fieldId: FIELD_ID, message: errorDetail(failure, t('detail.documents.failed')) }]),
      },
    );
  };

  const type = document ? t(`documentTypes.${document.document_type}`) : '';
  return (
    <FormDialog
      open={document !== undefined}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('rejectDocument.title', { type })}
      formId="reject-document-form"
      onSubmit={submit}
      cancelLabel={t('cancel')}
      submitLabel={t('rejectDocument.submit')}
      submitVariant="danger"
      busy={reject.isPending}
      busyText={t('rejectDocument.submitting')}
      errors={errors}
      errorsFocusKey={attempts}
      consequence={t('rejectDocument.consequence')}
    >
      <p className="text-slate-800">{document?.file_name}</p>
      <Field
        id={FIELD_ID}
        label={t('rejectDocument.reason')}
        hint={t('rejectDocument.hint', DOCUMENT_REJECTION_REASON)}
        error={errors[0]?.message}
      >
        <Textarea
          value={reason}
          maxLength={DOCUMENT_REJECTION_REASON.max}
          rows={4}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
