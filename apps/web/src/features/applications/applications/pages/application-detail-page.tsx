/** The entrepreneur's application: header (number, stage, badge; Print, Submit Application while draft), the
 * "Right now" card with the one thing to do (pay, upload documents, answer a query, upload the lease deed), beside the
 * upload the lease deed's Aadhaar eSign and what came of one, the seven tabs, the letters and receipts, and the
 * print-only view. */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Printer, Send, Upload } from 'lucide-react';
import { toast } from 'sonner';
import {
  can,
  eventsOffered,
  mayDo,
  openQueriesOf,
  rightNow,
  unpaidInvoicesOf,
  hasEndedBeforeAllotment,
  type Invoice,
  type Payment,
  type RightNowAction,
} from '@portal/contract';
import { AppealCaseCard } from '../../../appeals/components/appeal-case/appeal-case-card';
import { AllotmentLetterDialog } from '../../../documents/components/letters/allotment-letter-dialog';
import { PaymentReceiptDialog } from '../../../documents/components/letters/payment-receipt-dialog';
import { PdfDownloadButton } from '../../../documents/components/letters/pdf-download-button';
import { PossessionCertificateDialog } from '../../../documents/components/letters/possession-certificate-dialog';
import { Button } from '../../../../components/ui/button';
import { FormDialog } from '../../../../components/ui/form-dialog';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { StageText } from '../../../../components/ui/stage-text';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { Tabs } from '../../../../components/ui/tabs';
import { errorDetail } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth';
import { useAllotment, useLeaseDeed, usePossession } from '../../../../api/allotments';
import { useMyProfile } from '../../../../api/applicants';
import { useApplication, useDocuments, useTimeline } from '../../../../api/applications';
import { useAsset } from '../../../../api/assets';
import { useScheme } from '../../../../api/schemes';
import { useInvoices } from '../../../../api/invoices';
import { usePayments } from '../../../../api/payments';
import { useApplicationRefunds } from '../../../../api/refunds';
import { useSubmitApplication } from '../api/applications';
import { useApplicationQueries, useDocumentChecklist } from '../api/case-work';
import { AllotmentTab } from '../components/allotment-tab';
import { AssetTab } from '../components/asset-tab';
import { DetailsTab } from '../components/details-tab';
import { DocumentsTab } from '../components/documents-tab';
import { PaymentsTab } from '../components/payments-tab';
import { QueriesTab } from '../components/queries-tab';
import { RightNowCard } from '../components/right-now-card';
import { TimelineTab } from '../components/timeline-tab';
import { LeaseDeedDialog } from '../components/lease-deed-dialog';
import { LeaseDeedEsignCard } from '../components/lease-deed-esign-card';
import { EsignResultNotice } from '../components/esign-result-notice';
import { PrintView } from '../components/print-view';
import { WithdrawDialog } from '../components/withdraw-dialog';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { PayInvoiceDialog } from '../../../money/components/payments/online-payment/pay-invoice-dialog';

/** A deed may be (re)uploaded when there is none, or the last one was sent back. */
const REUPLOAD_STATUSES = ['rejected', 'needs_revision'];

export default function ApplicationDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const { user } = useAuth();
  const application = useApplication(id);
  const asset = useAsset(application.data?.asset_id);
  // A scheme's application: the scheme's close decides it, so the card names the close.
  const scheme = useScheme(application.data?.scheme_id ?? '');
  const profile = useMyProfile();
  const documents = useDocuments(id);
  const invoices = useInvoices(id);
  const payments = usePayments(id);
  const refunds = useApplicationRefunds(id);
  const timeline = useTimeline(id);
  const queries = useApplicationQueries(id);
  const checklist = useDocumentChecklist(id);
  const allotment = useAllotment(id, { failureAsNone: true });
  const allotmentId = allotment.data?.id;
  const leaseDeed = useLeaseDeed(allotmentId);
  const possession = usePossession(allotmentId);
  const submit = useSubmitApplication(id);
  const [confirmingInvoice, setConfirmingInvoice] = useState<Invoice>();
  const [letterOpen, setLetterOpen] = useState(false);
  const [certificateOpen, setCertificateOpen] = useState(false);
  const [leaseDeedOpen, setLeaseDeedOpen] = useState(false);
  const [submitConfirmOpen, setSubmitConfirmOpen] = useState(false);
  const [receiptPayment, setReceiptPayment] = useState<Payment>();
  const [tab, setTab] = useState('details');
  const [answerFocus, setAnswerFocus] = useState(0);
  /** Counts the requests to go to the document upload; each one focuses the upload's first field. */
  const [uploadFocus, setUploadFocus] = useState(0);

  useEffect(() => {
    if (application.isError) {
      toast.error(t('detail.loadFailed'), { id: 'application-load-failed' });
      void navigate('/applications', { replace: true });
    }
  }, [application.isError, navigate, t]);

  // A tab's list that fails says so in a toast as well as inline (with its retry).
  const sectionFailed =
    documents.isError || invoices.isError || payments.isError || timeline.isError || queries.isError;
  useFailureToast(sectionFailed, t('detail.loadDataFailed'), 'application-section-load-failed');
  useFailureToast(asset.isError, t('detail.assetLoadFailed'), 'application-asset-load-failed');

  if (application.isPending || application.isError || !user) return <Spinner />;
  const current = application.data;
  const role = user.role;

  const submittable = mayDo('submit', current.status, role, true);
  const deed = leaseDeed.data;
  const canUploadLeaseDeed =
    eventsOffered(current.status, role, true).includes('submit_lease_deed') &&
    Boolean(allotment.data) &&
    !leaseDeed.isPending &&
    (!deed || REUPLOAD_STATUSES.includes(deed.verification_status));

  // An application that ended before allotment owes nothing more (decision 023): nothing on it is offered to pay.
  const ended = hasEndedBeforeAllotment(current.status);
  const unpaid = invoices.data ? (ended ? [] : unpaidInvoicesOf(invoices.data)) : undefined;
  const now = rightNow({
    viewer: 'applicant',
    application: current,
    openQueries: queries.data ? openQueriesOf(queries.data) : undefined,
    // The server's checklist when it answers; the documents read as one otherwise.
    checklist: checklist.data,
    documents: documents.data,
    unpaidInvoices: unpaid,
    leaseDeed:
      allotment.isPending || (allotment.data && leaseDeed.isPending) ? undefined : (deed?.verification_status ?? null),
    schemeClosesAt: scheme.data?.closes_at,
    closingReason: current.closing_reason,
  });
  const available: Record<RightNowAction, boolean> = {
    pay: can(role, 'pay:invoice:own') && Boolean(unpaid?.length),
    upload_documents: true,
    answer_query: true,
    upload_lease_deed: canUploadLeaseDeed,
  };
  const act = (action: RightNowAction) => {
    if (action === 'pay' && unpaid?.[0]) setConfirmingInvoice(unpaid[0]);
    if (action === 'upload_documents') {
      setTab('documents');
      setUploadFocus((count) => count + 1);
    }
    if (action === 'answer_query') {
      setTab('queries');
      setAnswerFocus((count) => count + 1);
    }
    if (action === 'upload_lease_deed') setLeaseDeedOpen(true);
  };

  const submitApplication = () =>
    submit.mutate(undefined, {
      onSuccess: (answer) => {
        setSubmitConfirmOpen(false);
        toast.success(answer.message);
      },
      onError: (error) => {
        setSubmitConfirmOpen(false);
        toast.error(errorDetail(error, t('detail.submitFailed')));
      },
    });

  const actions = (
    <>
      <Button
        variant="secondary"
        icon={<Printer aria-hidden="true" className="h-4 w-4" />}
        onClick={() => window.print()}
      >
        {t('detail.print')}
      </Button>
      {!submittable && (
        <PdfDownloadButton document="acknowledgment" id={current.id} number={current.application_number} />
      )}
      {submittable && (
        <Button
          icon={<Send aria-hidden="true" className="h-4 w-4" />}
          busy={submit.isPending}
          busyText={t('detail.submitting')}
          onClick={() => setSubmitConfirmOpen(true)}
        >
          {t('detail.submit')}
        </Button>
      )}
      {mayDo('withdraw', current.status, role, true) && <WithdrawDialog application={current} />}
    </>
  );

  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title={current.application_number}
          badge={<StatusBadge status={current.status} helpLink />}
          subtitle={
            <>
              <span className="text-slate-600">{t('detail.stage')}: </span>
              <span className="font-medium text-slate-800">
                <StageText application={current} />
              </span>
            </>
          }
          actions={actions}
        />
        <EsignResultNotice />
        <RightNowCard now={now} status={current.status} available={available} onAction={act} />
        {canUploadLeaseDeed && allotment.data && (
          <LeaseDeedEsignCard allotmentId={allotment.data.id} allotmentNumber={allotment.data.allotment_number} />
        )}
        <AppealCaseCard applicationId={id} applicationNumber={current.application_number} className="mb-6" />
        <Tabs
          label={t('detail.tabsLabel')}
          value={tab}
          onValueChange={setTab}
          tabs={[
            {
              value: 'details',
              label: t('detail.tabs.details'),
              content: <DetailsTab application={current} role={role} />,
            },
            { value: 'asset', label: t('detail.tabs.asset'), content: <AssetTab asset={asset} role={role} /> },
            {
              value: 'documents',
              label: t('detail.tabs.documents'),
              content: (
                <DocumentsTab application={current} role={role} documents={documents} uploadFocusKey={uploadFocus} />
              ),
            },
            {
              value: 'queries',
              label: t('detail.tabs.queries'),
              content: <QueriesTab applicationId={id} role={role} queries={queries} focusKey={answerFocus} />,
            },
            {
              value: 'payments',
              label: t('detail.tabs.payments'),
              content: (
                <PaymentsTab
                  role={role}
                  invoices={invoices}
                  payments={payments}
                  refunds={refunds.data}
                  onPay={ended ? undefined : setConfirmingInvoice}
                  onViewReceipt={setReceiptPayment}
                  statementOf={id}
                />
              ),
            },
            {
              value: 'allotment',
              label: t('detail.tabs.allotment'),
              content: (
                <AllotmentTab
                  role={role}
                  allotment={allotment.data}
                  leaseDeed={deed}
                  possession={possession.data}
                  onViewLetter={() => setLetterOpen(true)}
                  onViewCertificate={() => setCertificateOpen(true)}
                />
              ),
            },
            {
              value: 'timeline',
              label: t('detail.tabs.timeline'),
              content: (
                <TimelineTab
                  applicationId={id}
                  applicationNumber={current.application_number}
                  timeline={timeline}
                  role={role}
                />
              ),
            },
          ]}
        />
      </div>

      <PrintView
        application={current}
        applicant={profile.data}
        asset={asset.data}
        documents={documents.data}
        invoices={invoices.data}
        payments={payments.data}
        timeline={timeline.data}
      />

      {allotment.data && (
        <AllotmentLetterDialog
          open={letterOpen}
          onOpenChange={setLetterOpen}
          allotment={allotment.data}
          application={current}
          asset={asset.data}
          applicant={profile.data ?? undefined}
        />
      )}
      {allotment.data && possession.data && (
        <PossessionCertificateDialog
          open={certificateOpen}
          onOpenChange={setCertificateOpen}
          possession={possession.data}
          allotment={allotment.data}
          asset={asset.data}
          applicant={profile.data ?? undefined}
        />
      )}
      {receiptPayment && (
        <PaymentReceiptDialog
          open
          onOpenChange={(open) => {
            if (!open) setReceiptPayment(undefined);
          }}
          payment={receiptPayment}
          invoice={invoices.data?.find((invoice) => invoice.id === receiptPayment.invoice_id)}
          applicationNumber={current.application_number}
          applicant={profile.data ?? undefined}
        />
      )}
      <FormDialog
        open={submitConfirmOpen}
        onOpenChange={(open) => {
          if (!submit.isPending) setSubmitConfirmOpen(open);
        }}
        title={t('detail.submitConfirmTitle', { number: current.application_number })}
        formId="submit-application-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!submit.isPending) submitApplication();
        }}
        cancelLabel={t('cancel')}
        submitLabel={t('detail.submit')}
        busy={submit.isPending}
        busyText={t('detail.submitting')}
        consequence={t('detail.submitConsequence')}
      >
        {now.code === 'submit_draft' && now.documents.length > 0 ? (
          <div role="note" className="space-y-3 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-slate-900">
            <p>
              {t('detail.submitMissingDocuments', {
                documents: now.documents.map((type) => t(`documentTypes.${type}`)).join(', '),
              })}
            </p>
            <Button
              variant="secondary"
              icon={<Upload aria-hidden="true" className="h-4 w-4" />}
              onClick={() => {
                setSubmitConfirmOpen(false);
                act('upload_documents');
              }}
            >
              {t('detail.uploadFirst')}
            </Button>
          </div>
        ) : null}
      </FormDialog>
      <PayInvoiceDialog
        invoice={confirmingInvoice}
        onClose={() => setConfirmingInvoice(undefined)}
        origin={{ route: 'applicationDetail', id: current.id }}
      />
      {allotment.data && (
        <LeaseDeedDialog
          open={leaseDeedOpen}
          onOpenChange={setLeaseDeedOpen}
          applicationId={id}
          allotmentId={allotment.data.id}
        />
      )}
    </>
  );
}
