/** The six tabs of the entrepreneur's application detail: Details, Asset Info, Documents, Payments,
 * Allotment & Possession, Timeline. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileCheck2, Receipt, ScrollText, Upload } from 'lucide-react';
import { toast } from 'sonner';
import {
  DOCUMENT_TYPES,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  statusLabel,
  type Allotment,
  type Application,
  type ApplicationDocument,
  type ApplicationStatus,
  type Asset,
  type DocumentType,
  type Invoice,
  type LeaseDeed,
  type Payment,
  type Possession,
  type TimelineEvent,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorDetail } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { downloadDocument, uploadDocument } from '../api/applications';
import { DefinitionGrid } from './definition-grid';
import { DocumentPicker } from './document-picker';
import { DOCUMENT_TONES, INVOICE_TONES, LEASE_DEED_TONES, PAYMENT_TONES } from './status-tones';

/** The owner may add documents until scrutiny is over (the server enforces the same). */
export const DOCUMENT_UPLOAD_STATUSES: readonly ApplicationStatus[] = ['draft', 'submitted', 'under_scrutiny'];

export function DetailsTab({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  return (
    <Card>
      <DefinitionGrid
        items={[
          [t('detail.fields.applicationNumber'), application.application_number],
          [t('detail.fields.applicationType'), t(`applicationTypes.${application.application_type}`)],
          [t('detail.fields.status'), <StatusBadge key="status" status={application.status} />],
          [t('detail.fields.currentStage'), application.current_stage],
          [t('detail.fields.estimatedInvestment'), formatRupees(application.estimated_investment)],
          [t('detail.fields.employmentGeneration'), t('list.jobs', { count: application.employment_generation })],
          [t('detail.fields.createdAt'), formatDate(application.created_at)],
          [t('detail.fields.submittedAt'), formatDate(application.submitted_at)],
        ]}
      />
      <div className="mt-4">
        <p className="text-sm text-slate-600">{t('detail.fields.projectDescription')}</p>
        <p className="whitespace-pre-line font-medium text-slate-900">{application.project_description}</p>
      </div>
    </Card>
  );
}

export function assetItems(asset: Asset, t: (key: string) => string): Array<[string, string]> {
  return [
    [t('detail.fields.assetCode'), asset.asset_code],
    [t('detail.fields.assetType'), t(`assetTypes.${asset.type}`)],
    [t('detail.fields.category'), asset.category_id],
    [t('detail.fields.zone'), asset.zone],
    [t('detail.fields.location'), asset.location],
    [t('detail.fields.surveyNumber'), asset.survey_number],
    [t('detail.fields.plotNumber'), asset.plot_number ?? t('notAvailable')],
    [t('detail.fields.totalArea'), `${formatNumber(asset.total_area)} ${asset.unit}`],
    [t('detail.fields.availableArea'), `${formatNumber(asset.available_area)} ${asset.unit}`],
    [t('detail.fields.valuation'), formatRupees(asset.valuation)],
    [t('detail.fields.assetStatus'), statusLabel(asset.status)],
  ];
}

export function AssetTab({ asset }: { asset: QueryLike<Asset> }) {
  const { t } = useTranslation('applications');
  return (
    <Card>
      <QueryState query={asset} errorMessage={t('detail.assetLoadFailed')}>
        {(data) => <DefinitionGrid items={assetItems(data, t)} />}
      </QueryState>
    </Card>
  );
}

async function saveDocument(application: Application, document: ApplicationDocument, failed: string) {
  try {
    saveFile(await downloadDocument(application.id, document.id), document.file_name);
  } catch (error) {
    toast.error(errorDetail(error, failed));
  }
}

function AddDocument({ application, onUploaded }: { application: Application; onUploaded: () => void }) {
  const { t } = useTranslation('applications');
  const [type, setType] = useState<DocumentType>('dpr');
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    if (!file) {
      setError(t('detail.leaseDeed.selectFile'));
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      await uploadDocument(application.id, type, file, setProgress);
      toast.success(t('detail.documents.uploaded'));
      setFile(undefined);
      setProgress(undefined);
      onUploaded();
    } catch (uploadError) {
      toast.error(errorDetail(uploadError, t('detail.documents.uploadFailed')));
      setProgress(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('detail.documents.addTitle')} className="no-print">
      <div className="space-y-4">
        <Field id="add-document-type" label={t('detail.documents.documentType')}>
          <Select
            value={type}
            disabled={busy}
            onChange={(event) => {
              setType(event.target.value as DocumentType);
              setFile(undefined);
              setError(undefined);
            }}
          >
            {DOCUMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`documentTypes.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <DocumentPicker
          type={type}
          file={file}
          error={error}
          progress={progress}
          disabled={busy}
          onChange={(chosen, problem) => {
            setFile(chosen);
            setError(problem);
          }}
        />
        <Button
          icon={<Upload aria-hidden="true" className="h-4 w-4" />}
          busy={busy}
          busyText={t('detail.documents.uploading')}
          onClick={() => void upload()}
        >
          {t('detail.documents.upload')}
        </Button>
      </div>
    </Card>
  );
}

export function DocumentsTab({
  application,
  documents,
  onChanged,
}: {
  application: Application;
  documents: QueryLike<ApplicationDocument[]>;
  onChanged: () => void;
}) {
  const { t } = useTranslation('applications');
  const canAdd = DOCUMENT_UPLOAD_STATUSES.includes(application.status);
  return (
    <div className="space-y-4">
      <QueryState
        query={documents}
        empty={
          <Card>
            <EmptyState message={t('detail.documents.empty')} />
          </Card>
        }
      >
        {(list) => (
          <DataTable
            caption={t('detail.documents.caption')}
            rows={list}
            rowKey={(document) => document.id}
            columns={[
              {
                key: 'type',
                header: t('detail.documents.type'),
                cell: (document) => t(`documentTypes.${document.document_type}`),
              },
              { key: 'name', header: t('detail.documents.fileName'), cell: (document) => document.file_name },
              {
                key: 'uploaded',
                header: t('detail.documents.uploadedAt'),
                cell: (document) => formatDate(document.uploaded_at),
              },
              {
                key: 'status',
                header: t('detail.documents.status'),
                cell: (document) => (
                  <StatusBadge
                    status={document.verification_status}
                    tone={DOCUMENT_TONES[document.verification_status]}
                  />
                ),
              },
              {
                key: 'download',
                header: <span className="sr-only">{t('detail.documents.download')}</span>,
                cell: (document) => (
                  <Button
                    variant="secondary"
                    size="sm"
                    icon={<Download aria-hidden="true" className="h-4 w-4" />}
                    aria-label={t('detail.documents.downloadLabel', { name: document.file_name })}
                    onClick={() => void saveDocument(application, document, t('detail.documents.downloadFailed'))}
                  >
                    {t('detail.documents.download')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {canAdd && <AddDocument application={application} onUploaded={onChanged} />}
    </div>
  );
}

export function PaymentsTab({
  invoices,
  payments,
  payingId,
  onPay,
  onViewReceipt,
}: {
  invoices: QueryLike<Invoice[]>;
  payments: QueryLike<Payment[]>;
  payingId: string | undefined;
  onPay: (invoice: Invoice) => void;
  onViewReceipt: (payment: Payment) => void;
}) {
  const { t } = useTranslation('applications');
  const invoiceNumbers = new Map((invoices.data ?? []).map((invoice) => [invoice.id, invoice.invoice_number]));
  return (
    <div className="space-y-6">
      <section aria-labelledby="invoices-heading" className="space-y-3">
        <h2 id="invoices-heading" className="text-lg font-semibold text-slate-900">
          {t('detail.payments.invoices')}
        </h2>
        <QueryState
          query={invoices}
          empty={
            <Card>
              <p className="text-slate-700">{t('detail.payments.noInvoices')}</p>
            </Card>
          }
        >
          {(list) => (
            <DataTable
              caption={t('detail.payments.invoicesCaption')}
              rows={list}
              rowKey={(invoice) => invoice.id}
              columns={[
                {
                  key: 'number',
                  header: t('detail.payments.invoiceNumber'),
                  cell: (invoice) => invoice.invoice_number,
                },
                {
                  key: 'type',
                  header: t('detail.payments.invoiceType'),
                  cell: (invoice) => t(`invoiceTypes.${invoice.invoice_type}`),
                },
                {
                  key: 'amount',
                  header: t('detail.payments.amount'),
                  numeric: true,
                  cell: (invoice) => formatRupees(invoice.amount),
                },
                { key: 'due', header: t('detail.payments.dueDate'), cell: (invoice) => formatDate(invoice.due_date) },
                {
                  key: 'status',
                  header: t('detail.payments.status'),
                  cell: (invoice) => <StatusBadge status={invoice.status} tone={INVOICE_TONES[invoice.status]} />,
                },
                {
                  key: 'action',
                  header: t('detail.payments.action'),
                  cell: (invoice) =>
                    invoice.status === 'paid' ? (
                      <span className="text-sm text-slate-600">{formatDate(invoice.paid_at)}</span>
                    ) : (
                      <Button
                        size="sm"
                        aria-label={t('detail.payments.payNowLabel', { number: invoice.invoice_number })}
                        busy={payingId === invoice.id}
                        busyText={t('detail.payments.paying')}
                        disabled={payingId !== undefined}
                        onClick={() => onPay(invoice)}
                      >
                        {t('detail.payments.payNow')}
                      </Button>
                    ),
                },
              ]}
            />
          )}
        </QueryState>
      </section>
      <section aria-labelledby="payments-heading" className="space-y-3">
        <h2 id="payments-heading" className="text-lg font-semibold text-slate-900">
          {t('detail.payments.history')}
        </h2>
        <QueryState
          query={payments}
          empty={
            <Card>
              <p className="text-slate-700">{t('detail.payments.noPayments')}</p>
            </Card>
          }
        >
          {(list) => (
            <PaymentHistoryTable payments={list} invoiceNumbers={invoiceNumbers} onViewReceipt={onViewReceipt} />
          )}
        </QueryState>
      </section>
    </div>
  );
}

export function PaymentHistoryTable({
  payments,
  invoiceNumbers,
  onViewReceipt,
}: {
  payments: Payment[];
  invoiceNumbers: Map<string, string>;
  onViewReceipt: (payment: Payment) => void;
}) {
  const { t } = useTranslation('applications');
  return (
    <DataTable
      caption={t('detail.payments.historyCaption')}
      rows={payments}
      rowKey={(payment) => payment.id}
      columns={[
        { key: 'receipt', header: t('detail.payments.receiptNumber'), cell: (payment) => payment.receipt_number },
        {
          key: 'invoice',
          header: t('detail.payments.invoice'),
          cell: (payment) => invoiceNumbers.get(payment.invoice_id) ?? '—',
        },
        {
          key: 'amount',
          header: t('detail.payments.amount'),
          numeric: true,
          cell: (payment) => formatRupees(payment.amount),
        },
        {
          key: 'date',
          header: t('detail.payments.paymentDate'),
          cell: (payment) => formatDateTime(payment.payment_date),
        },
        { key: 'method', header: t('detail.payments.method'), cell: () => t('detail.payments.online') },
        { key: 'reference', header: t('detail.payments.reference'), cell: (payment) => payment.transaction_reference },
        {
          key: 'status',
          header: t('detail.payments.status'),
          cell: (payment) => <StatusBadge status={payment.status} tone={PAYMENT_TONES[payment.status]} />,
        },
        {
          key: 'receiptAction',
          header: t('detail.payments.action'),
          cell: (payment) =>
            payment.status === 'success' ? (
              <Button
                size="sm"
                variant="secondary"
                icon={<Receipt aria-hidden="true" className="h-4 w-4" />}
                aria-label={t('detail.payments.viewReceiptLabel', { receipt: payment.receipt_number })}
                onClick={() => onViewReceipt(payment)}
              >
                {t('detail.payments.viewReceipt')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

export function AllotmentTab({
  allotment,
  leaseDeed,
  possession,
  onViewLetter,
  onViewCertificate,
}: {
  allotment: Allotment | null | undefined;
  leaseDeed: LeaseDeed | null | undefined;
  possession: Possession | null | undefined;
  onViewLetter: () => void;
  onViewCertificate: () => void;
}) {
  const { t } = useTranslation('applications');
  if (!allotment) {
    return (
      <Card>
        <p className="text-slate-700">{t('detail.allotment.none')}</p>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <Card
        title={t('detail.allotment.title')}
        action={
          allotment.letter_generated ? (
            <Button
              variant="secondary"
              icon={<ScrollText aria-hidden="true" className="h-4 w-4" />}
              onClick={onViewLetter}
            >
              {t('detail.allotment.viewLetter')}
            </Button>
          ) : undefined
        }
      >
        <DefinitionGrid
          items={[
            [t('detail.allotment.number'), allotment.allotment_number],
            [t('detail.allotment.type'), t(`detail.allotment.${allotment.allotment_type}`)],
            [t('detail.allotment.date'), formatDate(allotment.allotment_date)],
            [t('detail.allotment.expiry'), formatDate(allotment.expiry_date)],
            [t('detail.allotment.status'), <StatusBadge key="status" status={allotment.status} />],
          ]}
        />
      </Card>
      <Card title={t('detail.allotment.leaseDeed')}>
        {leaseDeed ? (
          <DefinitionGrid
            items={[
              [t('detail.allotment.submittedOn'), formatDate(leaseDeed.submission_date)],
              [
                t('detail.allotment.verification'),
                <StatusBadge
                  key="status"
                  status={leaseDeed.verification_status}
                  tone={LEASE_DEED_TONES[leaseDeed.verification_status]}
                />,
              ],
              [t('detail.allotment.remarks'), leaseDeed.remarks || t('notAvailable')],
            ]}
          />
        ) : (
          <p className="text-slate-700">{t('detail.allotment.noLeaseDeed')}</p>
        )}
      </Card>
      <Card
        title={t('detail.allotment.possession')}
        action={
          possession ? (
            <Button
              variant="secondary"
              icon={<FileCheck2 aria-hidden="true" className="h-4 w-4" />}
              onClick={onViewCertificate}
            >
              {t('detail.allotment.viewCertificate')}
            </Button>
          ) : undefined
        }
      >
        {possession ? (
          <DefinitionGrid
            items={[
              [t('detail.allotment.possessionDate'), formatDate(possession.possession_date)],
              [t('detail.allotment.areaVerified'), formatNumber(possession.area_verified)],
              [
                t('detail.allotment.boundaryMarked'),
                possession.boundary_marked ? t('detail.allotment.yes') : t('detail.allotment.no'),
              ],
              [t('detail.allotment.remarks'), possession.remarks || t('notAvailable')],
            ]}
          />
        ) : (
          <p className="text-slate-700">{t('detail.allotment.noPossession')}</p>
        )}
      </Card>
    </div>
  );
}

export function TimelineList({ events }: { events: TimelineEvent[] }) {
  const { t } = useTranslation('applications');
  return (
    <ol className="relative space-y-4 border-l-2 border-brand-200 pl-6">
      {events.map((event) => (
        <li key={event.id} className="relative print-avoid-break">
          <span aria-hidden="true" className="absolute top-1.5 -left-[31px] h-3 w-3 rounded-full bg-brand-700" />
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{event.action}</span>
            <StatusBadge
              status={event.user_role === 'SYSTEM' ? t('detail.timeline.system') : event.user_role}
              tone="grey"
            />
          </div>
          {event.details && <p className="text-slate-700">{event.details}</p>}
          <p className="text-sm text-slate-600">
            {event.user_role === 'SYSTEM' ? null : `${t('detail.timeline.by', { name: event.user_name })} · `}
            <time dateTime={event.timestamp}>{formatDateTime(event.timestamp)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

export function TimelineTab({ timeline }: { timeline: QueryLike<TimelineEvent[]> }) {
  const { t } = useTranslation('applications');
  return (
    <Card>
      <QueryState query={timeline} empty={<EmptyState message={t('detail.timeline.empty')} />}>
        {(events) => <TimelineList events={events} />}
      </QueryState>
    </Card>
  );
}
