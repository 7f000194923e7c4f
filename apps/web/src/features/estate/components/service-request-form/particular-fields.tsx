/** The particulars a service names, as fields (SERVICE_PARTICULARS of the chosen type): who a transfer is to and
 * whether to a legal heir, the new name, constitution (a select, in words) or activity, the lender and loan of a
 * mortgage NOC, the sub-lessee, area and months of a subletting. Each has its label, hint and error; the area names the
 * plot's own unit of area (sq m, sq ft or acres, as its record says) once the plot is known. */
import { useTranslation } from 'react-i18next';
import { CONSTITUTIONS, SUBLETTING_MAX_MONTHS, type AssetUnit, type ServiceRequestType } from '@portal/contract';
import { FormField, type SchemaForm } from '../../../../components/form/schema-form';
import { Checkbox, Input, Select } from '../../../../components/ui/input';
import { particularFieldsOf, type serviceRequestFormSchema } from './form-schema';

type Schema = ReturnType<typeof serviceRequestFormSchema>;
export type ServiceRequestForm = SchemaForm<Schema>;

export function ParticularFields({
  form,
  type,
  unit,
}: {
  form: ServiceRequestForm;
  type: ServiceRequestType;
  /** The plot's unit of area, once its record is read. */
  unit?: AssetUnit;
}) {
  const { t } = useTranslation('service-request-form');
  // Only the area's words name a unit; they fall back to "the plot's unit" until the plot's record is read.
  const withUnit = (field: string) =>
    field === 'sublet_area' && unit ? { context: 'unit', unit: t(`units.${unit}`) } : {};
  const hint = (field: string) => t(`fields.${field}.hint`, { max: SUBLETTING_MAX_MONTHS, ...withUnit(field) });
  return (
    <>
      {particularFieldsOf(type).map((field) => {
        const label = t(`fields.${field}.label`, withUnit(field));
        switch (field) {
          case 'legal_heir': {
            const id = form.idOf(field);
            return (
              <div key={field} className="space-y-1">
                <Checkbox id={id} label={label} aria-describedby={`${id}-hint`} {...form.register(field)} />
                <p id={`${id}-hint`} className="text-sm text-slate-600">
                  {hint(field)}
                </p>
              </div>
            );
          }
          case 'new_constitution':
            return (
              <FormField<Schema> key={field} form={form} name={field} label={label} hint={hint(field)}>
                <Select {...form.register(field)}>
                  <option value="">{t('chooseConstitution')}</option>
                  {CONSTITUTIONS.map((constitution) => (
                    <option key={constitution} value={constitution}>
                      {t(`constitutions.${constitution}`)}
                    </option>
                  ))}
                </Select>
              </FormField>
            );
          case 'loan_amount':
          case 'sublet_area':
          case 'months':
            return (
              <FormField<Schema> key={field} form={form} name={field} label={label} hint={hint(field)}>
                <Input
                  inputMode={field === 'months' ? 'numeric' : 'decimal'}
                  autoComplete="off"
                  className="tabular-nums"
                  {...form.register(field)}
                />
              </FormField>
            );
          default:
            return (
              <FormField<Schema> key={field} form={form} name={field} label={label} hint={hint(field)}>
                <Input
                  type={field === 'transferee_email' ? 'email' : 'text'}
                  autoComplete={field === 'transferee_email' ? 'email' : 'off'}
                  {...form.register(field)}
                />
              </FormField>
            );
        }
      })}
    </>
  );
}
