/** The profile form: Organization Details (with the firm's constitution, sole proprietorship unless chosen), Address
 * and Bank Details; the contract's rules, checked on submit, with an error summary; PAN read-only once the profile
 * exists. */
import { useTranslation } from 'react-i18next';
import {
  APPLICANT_CATEGORIES,
  applicantProfileRequestSchema,
  CONSTITUTIONS,
  formatDate,
  type Applicant,
  type ApplicantProfileRequest,
} from '@portal/contract';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../components/form/schema-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Select, Textarea } from '../../../components/ui/input';

export interface ProfileFormValues {
  organization_name: string;
  pan_number: string;
  gst_number: string;
  category: (typeof APPLICANT_CATEGORIES)[number];
  constitution: (typeof CONSTITUTIONS)[number];
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
  'constitution',
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
    constitution: profile?.constitution ?? 'proprietorship',
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
  // The contract decides what is wrong; the words come from this screen's catalogue (profile:errors): an empty
  // field asks for it by name, a filled one says what shape it needs.
  const form = useSchemaForm({
    schema: applicantProfileRequestSchema,
    defaultValues: valuesOf(profile),
    messages: 'profile:errors',
    idPrefix: '',
    fieldOrder: FIELD_ORDER,
  });
  const { register } = form;

  // The schema hands over its parsed output: trimmed, upper-cased, empty optional fields as null.
  const save = (values: ApplicantProfileRequest) => {
    const optional = (value: string | null | undefined) => (value ?? '').trim() || null;
    onSave({ ...values, gst_number: optional(values.gst_number), sdp_reference: optional(values.sdp_reference) });
  };

  const text = (
    name: keyof ProfileFormValues,
    options: { optional?: boolean; hint?: string; autoComplete?: string } = {},
  ) => (
    <FormField form={form} name={name} label={t(`fields.${name}`)} optional={options.optional} hint={options.hint}>
      <Input autoComplete={options.autoComplete ?? 'off'} {...register(name)} />
    </FormField>
  );

  return (
    <SchemaFormElement form={form} onValid={save} className="space-y-6">
      <Card title={t('sections.organization')}>
        <div className="grid gap-5 md:grid-cols-2">
          <div className="md:col-span-2">{text('organization_name', { autoComplete: 'organization' })}</div>
          <FormField
            form={form}
            name="pan_number"
            label={t('fields.pan_number')}
            hint={exists ? t('fields.pan_locked') : t('fields.pan_hint')}
          >
            <Input
              readOnly={exists}
              aria-readonly={exists || undefined}
              className="uppercase"
              {...register('pan_number')}
            />
          </FormField>
          {text('gst_number', { optional: true })}
          <FormField form={form} name="category" label={t('fields.category')}>
            <Select {...register('category')}>
              {APPLICANT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            form={form}
            name="constitution"
            label={t('fields.constitution')}
            hint={t('fields.constitution_hint')}
          >
            <Select {...register('constitution')}>
              {CONSTITUTIONS.map((constitution) => (
                <option key={constitution} value={constitution}>
                  {t(`constitutions.${constitution}`)}
                </option>
              ))}
            </Select>
          </FormField>
          {text('sdp_reference', { optional: true })}
        </div>
      </Card>
      <Card title={t('sections.address')}>
        <div className="grid gap-5 md:grid-cols-3">
          <div className="md:col-span-3">
            <FormField form={form} name="address" label={t('fields.address')}>
              <Textarea rows={3} autoComplete="street-address" {...register('address')} />
            </FormField>
          </div>
          {text('city', { autoComplete: 'address-level2' })}
          {text('state', { autoComplete: 'address-level1' })}
          <FormField form={form} name="pincode" label={t('fields.pincode')}>
            <Input inputMode="numeric" autoComplete="postal-code" maxLength={6} {...register('pincode')} />
          </FormField>
        </div>
      </Card>
      <Card title={t('sections.bank')}>
        <div className="grid gap-5 md:grid-cols-3">
          {text('bank_name')}
          <FormField form={form} name="bank_account" label={t('fields.bank_account')}>
            <Input inputMode="numeric" autoComplete="off" {...register('bank_account')} />
          </FormField>
          <FormField form={form} name="bank_ifsc" label={t('fields.bank_ifsc')}>
            <Input className="uppercase" autoComplete="off" {...register('bank_ifsc')} />
          </FormField>
        </div>
        {profile && (
          <p className="mt-4 text-sm text-slate-700" data-testid="bank-verification">
            <span className={profile.bank_verified_at ? 'font-medium text-green-800' : 'font-medium text-slate-800'}>
              {profile.bank_verified_at
                ? t('bankVerified', { date: formatDate(profile.bank_verified_at) })
                : t('bankNotVerified')}
            </span>{' '}
            {t('bankChangeClears')}
          </p>
        )}
      </Card>
      <Button type="submit" size="lg" busy={saving} busyText={t('saving')} className="w-full sm:w-auto">
        {exists ? t('update') : t('create')}
      </Button>
    </SchemaFormElement>
  );
}
