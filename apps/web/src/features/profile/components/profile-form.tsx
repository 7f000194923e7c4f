/** The profile form: Organization Details, Address and Bank Details; the contract's rules, checked on submit,
 * with an error summary; PAN read-only once the profile exists. */
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  APPLICANT_CATEGORIES,
  applicantProfileRequestSchema,
  type Applicant,
  type ApplicantProfileRequest,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { summaryOf } from '../../../lib/form-errors';

export interface ProfileFormValues {
  organization_name: string;
  pan_number: string;
  gst_number: string;
  category: (typeof APPLICANT_CATEGORIES)[number];
  sdp_reference: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  bank_name: string;
  bank_account: string;
  bank_ifsc: string;
}

const FIELD_ORDER: Array<keyof ProfileFormValues> = [
  'organization_name',
  'pan_number',
  'gst_number',
  'category',
  'sdp_reference',
  'address',
  'city',
  'state',
  'pincode',
  'bank_name',
  'bank_account',
  'bank_ifsc',
];

export function valuesOf(profile: Applicant | null | undefined): ProfileFormValues {
  return {
    organization_name: profile?.organization_name ?? '',
    pan_number: profile?.pan_number ?? '',
    gst_number: profile?.gst_number ?? '',
    category: profile?.category ?? 'general',
    sdp_reference: profile?.sdp_reference ?? '',
    address: profile?.address ?? '',
    city: profile?.city ?? '',
    state: profile?.state ?? '',
    pincode: profile?.pincode ?? '',
    bank_name: profile?.bank_name ?? '',
    bank_account: profile?.bank_account ?? '',
    bank_ifsc: profile?.bank_ifsc ?? '',
  };
}

export interface ProfileFormProps {
  profile: Applicant | null;
  saving: boolean;
  onSave: (body: ApplicantProfileRequest) => void;
}

export function ProfileForm({ profile, saving, onSave }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const exists = profile !== null;
  const contractResolver = zodResolver(applicantProfileRequestSchema) as unknown as Resolver<ProfileFormValues>;
  // The contract decides what is wrong; the words shown come from this screen's catalogue: an empty field asks
  // for it by name, a filled one says what shape it needs.
  const resolver: Resolver<ProfileFormValues> = async (values, context, options) => {
    const result = await contractResolver(values, context, options);
    for (const [name, error] of Object.entries(result.errors)) {
      if (!error) continue;
      const value = values[name as keyof ProfileFormValues];
      const empty = typeof value !== 'string' || value.trim() === '';
      error.message = t(empty ? `required.${name}` : `invalid.${name}`, { defaultValue: error.message });
    }
    return result;
  };
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm<ProfileFormValues>({ defaultValues: valuesOf(profile), resolver, shouldFocusError: false });

  const summary = summaryOf(errors, FIELD_ORDER);

  // The resolver hands over the contract's parsed output: trimmed, upper-cased, empty optional fields as null.
  const submit = handleSubmit((values) => {
    const optional = (value: string | null | undefined) => (value ?? '').trim() || null;
    onSave({ ...values, gst_number: optional(values.gst_number), sdp_reference: optional(values.sdp_reference) });
  });

  const text = (
    name: keyof ProfileFormValues,
    options: { optional?: boolean; hint?: string; autoComplete?: string } = {},
  ) => (
    <Field
      id={name}
      label={t(`fields.${name}`)}
      optional={options.optional}
      hint={options.hint}
      error={errors[name]?.message}
    >
      <Input autoComplete={options.autoComplete ?? 'off'} {...register(name)} />
    </Field>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
      <ErrorSummary errors={summary} focusKey={submitCount} />
      <Card title={t('sections.organization')}>
        <div className="grid gap-5 md:grid-cols-2">
          <div className="md:col-span-2">{text('organization_name', { autoComplete: 'organization' })}</div>
          <Field
            id="pan_number"
            label={t('fields.pan_number')}
            hint={exists ? t('fields.pan_locked') : t('fields.pan_hint')}
            error={errors.pan_number?.message}
          >
            <Input
              readOnly={exists}
              aria-readonly={exists || undefined}
              className="uppercase"
              {...register('pan_number')}
            />
          </Field>
          {text('gst_number', { optional: true })}
          <Field id="category" label={t('fields.category')} error={errors.category?.message}>
            <Select {...register('category')}>
              {APPLICANT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </Select>
          </Field>
          {text('sdp_reference', { optional: true })}
        </div>
      </Card>
      <Card title={t('sections.address')}>
        <div className="grid gap-5 md:grid-cols-3">
          <div className="md:col-span-3">
            <Field id="address" label={t('fields.address')} error={errors.address?.message}>
              <Textarea rows={3} autoComplete="street-address" {...register('address')} />
            </Field>
          </div>
          {text('city', { autoComplete: 'address-level2' })}
          {text('state', { autoComplete: 'address-level1' })}
          <Field id="pincode" label={t('fields.pincode')} error={errors.pincode?.message}>
            <Input inputMode="numeric" autoComplete="postal-code" maxLength={6} {...register('pincode')} />
          </Field>
        </div>
      </Card>
      <Card title={t('sections.bank')}>
        <div className="grid gap-5 md:grid-cols-3">
          {text('bank_name')}
          <Field id="bank_account" label={t('fields.bank_account')} error={errors.bank_account?.message}>
            <Input inputMode="numeric" autoComplete="off" {...register('bank_account')} />
          </Field>
          <Field id="bank_ifsc" label={t('fields.bank_ifsc')} error={errors.bank_ifsc?.message}>
            <Input className="uppercase" autoComplete="off" {...register('bank_ifsc')} />
          </Field>
        </div>
      </Card>
      <Button type="submit" size="lg" busy={saving} busyText={t('saving')} className="w-full sm:w-auto">
        {exists ? t('update') : t('create')}
      </Button>
    </form>
  );
}
