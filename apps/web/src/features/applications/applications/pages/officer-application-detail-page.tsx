/** The officer application detail: the Right now card (the same reading of the case the applicant sees), the actions
 * the role may take now, the seven tabs (documents with their checklist, queries, timeline with internal entries),
 * and the letters. */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import { can, canOpenRoute, openQueriesOf, ROUTES, rightNow, unpaidInvoicesOf } from '@portal/contract';
import { AllotmentLetterDialog } from '../../../documents/components/letters/allotment-letter-dialog';
import { PdfDownloadButton } from '../../../documents/components/letters/pdf-download-button';
import { PossessionCertificateDialog } from '../../../documents/components/letters/possession-certificate-dialog';
import { buttonClasses } from '../../../../components/ui/button';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { Tabs } from '../../../../components/ui/tabs';
import { useAuth } from '../../../../lib/auth';
import { useAllotment, useLeaseDeed, usePossession } from '../../../../api/allotments';
import { useScheme } from '../../../../api/schemes';
import { useApplicant } from '../../../../api/applicants';
import { useApplication, useDocuments, useTimeline } from '../../../../api/applications';
import { useAsset } from '../../../../api/assets';
import { useInvoices } from '../../../../api/invoices';
import { usePayments } from '../../../../api/payments';
import { useApplicationQueries, useDocumentChecklist } from '../api/case-work';
import { useCommitteeMembers } from '../api/officer-actions';
import { ActionPanel } from '../components/action-panel';
import { AllotmentTab } from '../components/allotment-tab';
import { AssetTab } from '../components/asset-tab';
import { DetailsTab } from '../components/details-tab';
import { DocumentsTab } from '../components/documents-tab';
import { PaymentsTab } from '../components/payments-tab';
import { QueriesTab } from '../components/queries-tab';
import { StatusLine } from '../components/status-line';
import { TimelineTab } from '../components/timeline-tab';
import { useFailureToast } from '../../../../lib/use-failure-toast';

const LIST_PATH = '/officer/applications';

export default function OfficerApplicationDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('applications');
  const { t: tAudit } = useTranslation('audit');
  const navigate = useNavigate();
  const { user } = useAuth();
  const application = useApplication(id, { retry: false });
  const documents = useDocuments(id);
  const timeline = useTimeline(id);
  const checklist = useDocumentChecklist(id);
  const queries = useApplicationQueries(id);
  const invoices = useInvoices(id);
  const payments = usePayments(id);
  const asset = useAsset(application.data?.asset_id);
  // A scheme's application: the scheme's close decides it, so the card names the close (for those who read schemes).
  const scheme = useScheme(user && can(user.role, 'read:schemes') ? (application.data?.scheme_id ?? '') : '');
  const applicant = useApplicant(application.data?.applicant_id);
  const allotment = useAllotment(id);
  const leaseDeed = useLeaseDeed(allotment.data?.id);
  const possession = usePossession(allotment.data?.id);
  const users = useCommitteeMembers();
  const [tab, setTab] = useState('details');
  const [letterOpen, setLetterOpen] = useState(false);
  const [certificateOpen, setCertificateOpen] = useState(false);

  useEffect(() => {
    if (!application.isError) return;
    toast.error(t('detail.loadFailed'), { id: 'officer-application-load-failed' });
    void navigate(LIST_PATH, { replace: true });
  }, [application.isError, navigate, t]);

  // A section that fails to load keeps its inline retry; the toast is the spec's 'Failed to load data'.
  const sectionFailed = [documents, timeline, invoices, payments, asset, queries].some((query) => query.isError);
  useFailureToast(sectionFailed, t('detail.loadDataFailed'), 'officer-application-section-load-failed');

  if (!application.data || !user) return <Spinner />;
  const current = application.data;
  const role = user.role;
  const deedKnown = !allotment.isPending && !(allotment.data && leaseDeed.isPending);
  const now = rightNow({
    viewer: 'officer',
    application: current,
    openQueries: queries.data ? openQueriesOf(queries.data) : undefined,
    // The server's checklist when it answers; the documents read as one otherwise.
    checklist: checklist.data,
    documents: documents.data,
    unpaidInvoices: invoices.data ? unpaidInvoicesOf(invoices.data) : undefined,
    leaseDeed: deedKnown ? (leaseDeed.data?.verification_status ?? null) : undefined,
    schemeClosesAt: scheme.data?.closes_at,
    closingReason: current.closing_reason,
  });
  const back = (
    <Link to={LIST_PATH} className={buttonClasses('secondary')}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('detail.back')}
    </Link>
  );
  // The application's entries of the audit trail, for the roles that may read it.
  const auditLink = canOpenRoute(role, 'audit') && (
    <Link to={`${ROUTES.audit.path}?entity=applications&entity_id=${id}`} className={buttonClasses('secondary')}>
      {tAudit('fromApplication')}
    </Link>
  );

  return (
    <>
      <PageHeader
        title={t('detail.title', { number: current.application_number })}
        badge={<StatusBadge status={current.status} helpLink />}
        actions={
          <>
            <PdfDownloadButton document="acknowledgment" id={current.id} number={current.application_number} />
            {auditLink}
            {back}
          </>
        }
      />
      <StatusLine application={current} now={now} />
      <div className="mb-6">
        <ActionPanel
          role={role}
          application={current}
          asset={asset.data}
          allotment={allotment.data}
          leaseDeed={leaseDeed.data}
          possession={possession.data}
          onAllotmentCreated={() => setTab('allotment')}
          onPossessionRecorded={() => {
            setTab('allotment');
            setCertificateOpen(true);
          }}
        />
      </div>
      <Tabs
        label={t('detail.tabsLabel')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'details',
            label: t('detail.tabs.details'),
            content: (
              <DetailsTab application={current} role={role} applicant={applicant.data} users={users.data ?? []} />
            ),
          },
          {
            value: 'documents',
            label: t('detail.tabs.documents'),
            content: <DocumentsTab application={current} role={role} documents={documents} checklist={checklist} />,
          },
          {
            value: 'queries',
            label: t('detail.tabs.queries'),
            content: <QueriesTab applicationId={id} role={role} queries={queries} />,
          },
          {
            value: 'asset',
            label: t('detail.tabs.asset', { context: 'staff' }),
            content: <AssetTab asset={asset} role={role} />,
          },
          {
            value: 'payments',
            label: t('detail.tabs.payments'),
            content: <PaymentsTab role={role} invoices={invoices} payments={payments} statementOf={id} />,
          },
          {
            value: 'allotment',
            label: t('detail.tabs.allotment'),
            content: (
              <AllotmentTab
                role={role}
                allotment={allotment.data}
                leaseDeed={leaseDeed.data}
                possession={possession.data}
                asset={asset.data}
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
      {letterOpen && allotment.data && (
        <AllotmentLetterDialog
          open
          onOpenChange={setLetterOpen}
          allotment={allotment.data}
          application={current}
          asset={asset.data}
          applicant={applicant.data ?? undefined}
        />
      )}
      {certificateOpen && allotment.data && possession.data && (
        <PossessionCertificateDialog
          open
          onOpenChange={setCertificateOpen}
          possession={possession.data}
          allotment={allotment.data}
          asset={asset.data}
          applicant={applicant.data ?? undefined}
        />
      )}
    </>
  );
}
