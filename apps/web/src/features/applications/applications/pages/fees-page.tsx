/** The public Fees page (no sign-in): the fee schedule, and an estimate of what an application costs from an asset's
 * valuation, so an applicant knows the amounts before starting. The figures come from the contract's fee schedule. */
import { useState } from 'react';
import { z } from 'zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApplicant, FEES, feeEstimate, formatRupees } from '@portal/contract';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { TableScroll } from '../../../../components/ui/data-table';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../../components/form/schema-form';
import { Input } from '../../../../components/ui/input';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAuth } from '../../../../lib/auth';
import { FeeBreakdown } from '../components/wizard/fee-estimate';

const percent = (rate: number) => String(Math.round(rate * 100));

/** A valuation as typed (digits, optional decimals, commas allowed as in ₹53,50,000), or undefined. */
function parseValuation(text: string): number | undefined {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

const calculatorSchema = z.object({
  valuation: z.string().transform((text, context) => {
    const value = parseValuation(text);
    if (value === undefined) {
      context.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return value;
  }),
});

function FeeSchedule() {
  const { t } = useTranslation('applications');
  const rows = [
    {
      key: 'processing',
      fee: t('fees.processingFee'),
      amount: t('feesPage.processingAmount', {
        fee: formatRupees(FEES.processingFee),
        rate: percent(FEES.gstRate),
        total: formatRupees(feeEstimate(0).processingFeeWithGst),
      }),
      when: t('feesPage.processingWhen'),
    },
    {
      key: 'emd',
      fee: t('fees.emd'),
      amount: t('feesPage.emdAmount', { rate: percent(FEES.emdRateOfValuation) }),
      when: t('feesPage.emdWhen'),
    },
    {
      key: 'premium',
      fee: t('fees.premium'),
      amount: t('feesPage.premiumAmount', { rate: percent(FEES.premiumInstalmentRateOfValuation) }),
      when: t('feesPage.premiumWhen'),
    },
  ];
  return (
    <Card title={t('feesPage.scheduleTitle')}>
      <TableScroll caption={t('feesPage.scheduleTitle')}>
        <table className="w-full text-left">
          <caption className="sr-only">{t('feesPage.scheduleTitle')}</caption>
          <thead className="bg-slate-50 text-sm text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('feesPage.fee')}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('feesPage.amount')}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('feesPage.when')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {row.fee}
                </th>
                <td className="px-4 py-3 tabular-nums">{row.amount}</td>
                <td className="px-4 py-3">{row.when}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="mt-3 text-sm text-slate-600">{t('feesPage.dueNote', { days: FEES.invoiceDueDays })}</p>
    </Card>
  );
}

function FeeCalculator() {
  const { t } = useTranslation('applications');
  const [valuation, setValuation] = useState<number>();
  const form = useSchemaForm({
    schema: calculatorSchema,
    defaultValues: { valuation: '' },
    messages: 'applications:feesPage.errors',
    idPrefix: 'fees-',
  });

  return (
    <Card title={t('feesPage.calculatorTitle')}>
      <SchemaFormElement
        form={form}
        onValid={(values) => setValuation(values.valuation)}
        className="flex flex-col gap-4 sm:flex-row sm:items-end"
      >
        <FormField
          form={form}
          name="valuation"
          label={t('feesPage.valuation')}
          hint={t('feesPage.valuationHint')}
          className="sm:w-80"
        >
          <Input inputMode="decimal" autoComplete="off" {...form.register('valuation')} />
        </FormField>
        <Button type="submit">{t('feesPage.estimate')}</Button>
      </SchemaFormElement>
      <div aria-live="polite" className="mt-6">
        {valuation !== undefined && !form.formState.errors.valuation && (
          <section aria-labelledby="fee-estimate-title" className="rounded-md border border-slate-200 p-4">
            <h3 id="fee-estimate-title" className="mb-3 text-lg font-semibold text-slate-900">
              {t('feesPage.resultTitle', { valuation: formatRupees(valuation) })}
            </h3>
            <FeeBreakdown valuation={valuation} />
          </section>
        )}
      </div>
    </Card>
  );
}

export default function FeesPage() {
  const { t } = useTranslation('applications');
  const { user } = useAuth();
  const action = !user ? (
    <Link to="/login" className={buttonClasses('primary')}>
      {t('feesPage.signIn')}
    </Link>
  ) : isApplicant(user) ? (
    <Link to="/applications/new" className={buttonClasses('primary')}>
      {t('feesPage.apply')}
    </Link>
  ) : undefined;
  return (
    <>
      <PageHeader title={t('feesPage.title')} subtitle={t('feesPage.subtitle')} actions={action} />
      <div className="space-y-6">
        <FeeSchedule />
        <FeeCalculator />
      </div>
    </>
  );
}
