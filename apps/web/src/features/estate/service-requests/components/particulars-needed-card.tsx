/** What a request raised without its particulars still needs (decision 021) and the form that gives them: the fields
 * of its type, filled with what was given, checked by the contract's rule for each before they are sent; a field the
 * server refuses shows its error at the field, any other refusal is said in the form. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ServiceRequest } from '@portal/contract';
import { SchemaFormElement, useSchemaForm } from '../../../../components/form/schema-form';
import {
  emptyServiceRequestValues,
  PARTICULAR_FIELDS,
  SERVICE_FORM_MESSAGE_PARAMS,
  serviceRequestFormSchema,
  type ServiceRequestFormValues,
} from '../../components/service-request-form/form-schema';
import { ParticularFields } from '../../components/service-request-form/particular-fields';
import { useServiceRefusalText } from '../../components/service-request-form/refusal-text';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { useSupplyParticulars } from '../api/service-requests';

// The request form's own schema: the request's other fields are as raised, so only its particulars can be at fault.
const particularsSchema = serviceRequestFormSchema();

/** The form's values: the request as raised, with the particulars given so far in their boxes. */
function valuesOf(request: ServiceRequest): ServiceRequestFormValues {
  const given: Partial<ServiceRequestFormValues> = {};
  for (const [field, value] of Object.entries(request.particulars ?? {})) {
    given[field as keyof ServiceRequestFormValues] = (typeof value === 'number' ? String(value) : value) as never;
  }
  return emptyServiceRequestValues(request.request_type, {
    application_id: request.application_id ?? '',
    allotment_id: request.allotment_id ?? '',
    milestone: request.milestone ?? '',
    description: request.description,
    ...given,
  });
}

export function ParticularsNeededCard({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation('service-requests');
  const { t: formT } = useTranslation('service-request-form');
  const supply = useSupplyParticulars(request.id);
  const { reasonOf, placeFieldErrors } = useServiceRefusalText();
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm({
    schema: particularsSchema,
    defaultValues: valuesOf(request),
    messages: 'service-request-form:errors',
    idPrefix: 'sr-particulars-',
    fieldOrder: PARTICULAR_FIELDS,
    messageParams: SERVICE_FORM_MESSAGE_PARAMS,
  });
  const title = t('detail.particulars.title');

  return (
    <Card title={title} aria-label={title}>
      <p className="mb-2 text-slate-800">{t('detail.particulars.intro')}</p>
      <ul className="mb-4 list-disc pl-6 text-slate-800">
        {(request.particulars_needed ?? []).map((field) => (
          <li key={field}>{formT(`fields.${field}.label`)}</li>
        ))}
      </ul>
      <SchemaFormElement
        form={form}
        refusal={refusal}
        className="space-y-4"
        onValid={(body) => {
          if (supply.isPending) return;
          setRefusal(undefined);
          supply.mutate(
            { particulars: body.particulars },
            {
              onSuccess: () => toast.success(t('detail.particulars.given')),
              onError: (error) => {
                if (placeFieldErrors(form, error)) return;
                const reason = reasonOf(error);
                setRefusal(reason ? t('dialog.failedBecause', { reason }) : t('detail.particulars.failed'));
              },
            },
          );
        }}
      >
        <ParticularFields form={form} type={request.request_type} />
        <Button type="submit" busy={supply.isPending} busyText={t('detail.particulars.sending')}>
          {t('detail.particulars.submit')}
        </Button>
      </SchemaFormElement>
    </Card>
  );
}
