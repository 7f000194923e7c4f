/** Add a document: choose its type and file, then upload (the same upload a replacement uses). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { DOCUMENT_TYPES, type Application } from '@portal/contract';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../../components/form/schema-form';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Select } from '../../../../components/ui/input';
import { errorDetail } from '../../../../lib/api-client';
import { uploadDocument } from '../api/applications';
import { DocumentPicker } from './document-picker';
import { chooseFile, requiredFile } from './file-field';

const addDocumentFormSchema = z.object({ document_type: z.enum(DOCUMENT_TYPES), file: requiredFile() });

export function AddDocument({
  application,
  onUploaded,
  focusKey,
}: {
  application: Application;
  onUploaded: () => void;
  /** Changes each time the applicant is sent here to upload: the document type takes focus. */
  focusKey?: number;
}) {
  const { t } = useTranslation('applications');
  const [progress, setProgress] = useState<number>();
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm({
    schema: addDocumentFormSchema,
    defaultValues: { document_type: 'dpr', file: null },
    messages: 'applications:detail.documents.errors',
    idPrefix: 'add-document-',
  });
  // The upload is awaited by the form's submit, so this covers the whole call.
  const busy = form.formState.isSubmitting;
  const type = form.watch('document_type') ?? 'dpr';
  const { setFocus } = form;
  useEffect(() => {
    if (focusKey) setFocus('document_type');
  }, [focusKey, setFocus]);

  return (
    <Card title={t('detail.documents.addTitle')} className="no-print">
      <SchemaFormElement
        form={form}
        refusal={refusal}
        className="space-y-4"
        onValid={async ({ document_type, file }) => {
          setRefusal(undefined);
          setProgress(0);
          try {
            await uploadDocument(application.id, document_type, file, setProgress);
            toast.success(t('detail.documents.uploaded'));
            setProgress(undefined);
            form.reset({ document_type, file: null });
            onUploaded();
          } catch (uploadError) {
            setRefusal(errorDetail(uploadError, t('detail.documents.uploadFailed')));
            setProgress(undefined);
          }
        }}
      >
        <FormField form={form} name="document_type" label={t('detail.documents.documentType')}>
          <Select
            disabled={busy}
            {...form.register('document_type', {
              // Another type takes other files: the chosen one goes.
              onChange: () => chooseFile(form, undefined, undefined),
            })}
          >
            {DOCUMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`documentTypes.${value}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <DocumentPicker
          type={type}
          id={form.idOf('file')}
          file={form.watch('file') ?? undefined}
          error={form.errorOf('file')}
          progress={progress}
          disabled={busy}
          onChange={(chosen, problem) => chooseFile(form, chosen, problem)}
        />
        <Button
          type="submit"
          icon={<Upload aria-hidden="true" className="h-4 w-4" />}
          busy={busy}
          busyText={t('detail.documents.uploading')}
        >
          {t('detail.documents.upload')}
        </Button>
      </SchemaFormElement>
    </Card>
  );
}
