/** The print-only version of an application: applicant (bank account masked), application, asset, documents,
 * invoices, payments and the timeline, under the letterhead (name, address, GSTIN). Hidden on screen; the Print
 * button prints it. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  formatRupees,
  maskBankAccount,
  statusLabel,
  type Applicant,
  type Application,
  type ApplicationDocument,
  type Asset,
  type Invoice,
  type Payment,
  type TimelineEvent,
} from '@portal/contract';
import { StageText } from '../../../../components/ui/stage-text';
import { useOrganization } from '../../../../api/organization';
import { useTimelineText } from '../../../../components/timeline/timeline-text';
import { assetItems } from './asset-tab';
import { DefinitionGrid } from './definition-grid';

export interface PrintViewProps {
  application: Application;
  applicant: Applicant | null | undefined;
  asset: Asset | undefined;
  documents: ApplicationDocument[] | undefined;
  invoices: Invoice[] | undefined;
  payments: Payment[] | undefined;
  timeline: TimelineEvent[] | undefined;
}

function Section({ title, children, breakBefore }: { title: string; children: ReactNode; breakBefore?: boolean }) {
  return (
    <section className={`mt-6 ${breakBefore ? 'print-break-before' : ''}`}>
      <h2 className="mb-2 border-b border-black pb-1 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function PlainTable({ headers, rows }: { headers: string[]; rows: string[][] }) {
  return (
    <table className="w-full border-collapse text-sm">
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col" className="border border-black px-2 py-1 text-left">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} className="print-avoid-break">
            {row.map((cell, cellIndex) => (
              <td key={cellIndex} className="border border-black px-2 py-1 align-top">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PrintView({ application, applicant, asset, documents, invoices, payments, timeline }: PrintViewProps) {
  const { t } = useTranslation('applications');
  const textOf = useTimelineText();
  const organization = useOrganization().data;
  const none = t('print.none');
  const invoiceNumbers = new Map((invoices ?? []).map((invoice) => [invoice.id, invoice.invoice_number]));
  return (
    <div data-testid="print-view" className="hidden bg-white text-black print:block">
      <p className="text-center text-xl font-bold uppercase">{organization?.name ?? t('common:corporationName')}</p>
      {organization && (
        <p className="text-center text-sm">
          {organization.address} · {t('letters:gstin', { gstin: organization.gstin })}
        </p>
      )}
      <h1 className="mt-1 text-center text-lg font-semibold">
        {t('print.title', { number: application.application_number })}
      </h1>
      <p className="text-center text-sm">{t('print.printedOn', { date: formatDateTime(new Date()) })}</p>

      <Section title={t('print.applicant')}>
        {applicant ? (
          <DefinitionGrid
            items={[
              [t('print.organization'), applicant.organization_name],
              [t('print.pan'), applicant.pan_number],
              [t('print.gst'), applicant.gst_number ?? t('notAvailable')],
              [t('print.category'), t(`applicantCategories.${applicant.category}`)],
              [
                t('print.address'),
                `${applicant.address}, ${applicant.city}, ${applicant.state} - ${applicant.pincode}`,
              ],
              [
                t('print.bank'),
                `${applicant.bank_name}, ${maskBankAccount(applicant.bank_account)} (${applicant.bank_ifsc})`,
              ],
            ]}
          />
        ) : (
          <p>{none}</p>
        )}
      </Section>

      <Section title={t('print.application')}>
        <DefinitionGrid
          items={[
            [t('detail.fields.applicationNumber'), application.application_number],
            [t('detail.fields.applicationType'), t(`applicationTypes.${application.application_type}`)],
            [
              t('detail.fields.status'),
              t(`ui:status.${application.status}`, { defaultValue: statusLabel(application.status) }),
            ],
            [t('detail.fields.currentStage'), <StageText key="stage" application={application} />],
            [t('detail.fields.estimatedInvestment'), formatRupees(application.estimated_investment)],
            [t('detail.fields.employmentGeneration'), t('list.jobs', { count: application.employment_generation })],
            [t('detail.fields.createdAt'), formatDate(application.created_at)],
            [t('detail.fields.submittedAt'), formatDate(application.submitted_at)],
            [t('detail.fields.projectDescription'), application.project_description],
          ]}
        />
      </Section>

      <Section title={t('print.asset')}>
        {asset ? <DefinitionGrid items={assetItems(asset, t)} /> : <p>{none}</p>}
      </Section>

      <Section title={t('print.documents')} breakBefore>
        {documents?.length ? (
          <PlainTable
            headers={[
              t('detail.documents.type'),
              t('detail.documents.fileName'),
              t('detail.documents.uploadedAt'),
              t('detail.documents.status'),
            ]}
            rows={documents.map((document) => [
              t(`documentTypes.${document.document_type}`),
              document.file_name,
              formatDate(document.uploaded_at),
              document.replaced_at
                ? t('detail.documents.superseded')
                : t(`ui:status.${document.verification_status}`, {
                    defaultValue: statusLabel(document.verification_status),
                  }),
            ])}
          />
        ) : (
          <p>{t('wizard.noDocuments')}</p>
        )}
      </Section>

      <Section title={t('print.invoices')}>
        {invoices?.length ? (
          <PlainTable
            headers={[
              t('detail.payments.invoiceNumber'),
              t('detail.payments.invoiceType'),
              t('detail.payments.amount'),
              t('detail.payments.dueDate'),
              t('detail.payments.status'),
            ]}
            rows={invoices.map((invoice) => [
              invoice.invoice_number,
              t(`invoiceTypes.${invoice.invoice_type}`),
              formatRupees(invoice.amount),
              formatDate(invoice.due_date),
              statusLabel(invoice.status),
            ])}
          />
        ) : (
          <p>{none}</p>
        )}
      </Section>

      <Section title={t('print.payments')}>
        {payments?.length ? (
          <PlainTable
            headers={[
              t('detail.payments.receiptNumber'),
              t('detail.payments.invoice'),
              t('detail.payments.amount'),
              t('detail.payments.paymentDate'),
              t('detail.payments.reference'),
            ]}
            rows={payments.map((payment) => [
              payment.receipt_number,
              invoiceNumbers.get(payment.invoice_id) ?? '—',
              formatRupees(payment.amount),
              formatDateTime(payment.payment_date),
              payment.transaction_reference,
            ])}
          />
        ) : (
          <p>{none}</p>
        )}
      </Section>

      <Section title={t('print.timeline')} breakBefore>
        {timeline?.length ? (
          <PlainTable
            headers={[t('print.time'), t('print.action'), t('print.by'), t('print.details')]}
            rows={timeline.map((event) => {
              const { title, details } = textOf(event);
              return [
                formatDateTime(event.timestamp),
                title,
                event.user_role === 'SYSTEM'
                  ? t('detail.timeline.system')
                  : `${event.user_name} (${statusLabel(event.user_role)})`,
                details,
              ];
            })}
          />
        ) : (
          <p>{none}</p>
        )}
      </Section>
    </div>
  );
}
