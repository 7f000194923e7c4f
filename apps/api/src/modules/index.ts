/** Every business module and its URL prefix under /api, the modules grouped by business area as their folders are.
 * Two modules may share a prefix with different routes. */
import type { FastifyPluginAsync } from 'fastify';
import { settleSchemeOutcomes } from './schemes/rules/scheme-outcomes';
// Shared by every area.
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { signInByCodeRoutes } from './auth/sign-in-by-code-routes';
import { mobileRoutes } from './mobile/routes';
import { smsRoutes } from './sms/routes';
import { clockRoutes } from './clock/routes';
import { dashboardRoutes } from './dashboard/routes';
import { notificationRoutes, outboxRoutes } from './notifications/routes';
import { reportRoutes } from './reports/routes';
import { userRoutes } from './users/routes';
// Applications.
import { applicantRoutes } from './applications/applicants/routes';
import { applicationRoutes } from './applications/applications/routes';
import { meetingRoutes } from './applications/meetings/routes';
import { applicationQueryRoutes, queryRoutes } from './applications/queries/routes';
import { workflowRoutes } from './applications/workflow/routes';
// Documents.
import { issuedDocumentRoutes } from './documents/issued-documents/routes';
import { issueSchemeResultSheet } from './documents/issued-documents/service';
import { issueLeaseDeedFor, leaseDeedDocumentRoutes } from './documents/issued-documents/lease-deed-routes';
// Money.
import { bankReconciliationRoutes } from './money/bank-reconciliation/routes';
import { invoiceRoutes, paymentRoutes } from './money/billing/routes';
import { financeReportRoutes } from './money/finance-reports/routes';
import { gatewayRoutes } from './money/gateway/routes';
import { ledgerRoutes } from './money/ledger/routes';
import { ledgerAdjustmentRoutes } from './money/ledger-adjustments/routes';
import { refundRoutes } from './money/refunds/routes';
// The estate.
import { allotmentRoutes } from './estate/allotments/routes';
import { assetRoutes } from './estate/assets/routes';
import { serviceRequestRoutes } from './estate/service-requests/routes';
import { leaseDeedEsignRoutes } from './estate/lease-deed-esign/routes';
import { showCauseRoutes } from './estate/show-causes/routes';
// Deadlines.
import { pendencyRoutes } from './deadlines/pendency/routes';
import { performanceRoutes } from './deadlines/performance/routes';
// Schemes, and appeals.
import { auctionRoutes } from './schemes/auctions/routes';
import { schemeRoutes } from './schemes/schemes/routes';
import { appealRoutes } from './appeals/appeals/routes';
// The state's single window.
import { singleWindowRoutes } from './single-window/cafs/routes';
import { singleWindowOutboxRoutes } from './single-window/outbox/routes';
// Grievances.
import { grievanceRoutes } from './grievances/grievances/routes';

// The auction's sweeps settle a lot through the schemes module; modules never import each other, so the composition
// hands it over (here and in the runtime, and to the auction's tests).
export { settleSchemeOutcomes };

export interface ApiModule {
  prefix: string;
  routes: FastifyPluginAsync;
}

export const modules: ApiModule[] = [
  { prefix: '/auth', routes: authRoutes },
  // Sign-in by a one-time code, the user's own mobile and SMS choices, and the SMS provider's reports (decision 037).
  { prefix: '/auth', routes: signInByCodeRoutes },
  { prefix: '/account', routes: mobileRoutes },
  { prefix: '/sms', routes: smsRoutes },
  { prefix: '/users', routes: userRoutes },
  { prefix: '/applicants', routes: applicantRoutes },
  { prefix: '/assets', routes: assetRoutes },
  { prefix: '/applications', routes: applicationRoutes },
  { prefix: '/applications', routes: workflowRoutes },
  { prefix: '/applications', routes: applicationQueryRoutes },
  { prefix: '/queries', routes: queryRoutes },
  { prefix: '/invoices', routes: invoiceRoutes },
  { prefix: '/payments', routes: paymentRoutes },
  // /payments/orders and the gateway's answers, /payments/gateway/callback and /payments/gateway/webhook.
  { prefix: '/payments', routes: gatewayRoutes },
  { prefix: '/allotments', routes: allotmentRoutes },
  { prefix: '/service-requests', routes: serviceRequestRoutes },
  // /allotments/{id}/show-causes and /show-causes/{id}: cancellation for non-compliance.
  { prefix: '', routes: showCauseRoutes },
  { prefix: '/meetings', routes: meetingRoutes },
  { prefix: '/dashboard', routes: dashboardRoutes },
  { prefix: '/reports', routes: reportRoutes },
  // /pendency: the officers' pending steps by stage, age, zone and officer, and their 12-week trend.
  { prefix: '/pendency', routes: pendencyRoutes },
  // /finance/collections, /finance/receivables-ageing, /finance/summary and their CSV files.
  { prefix: '/finance', routes: financeReportRoutes },
  { prefix: '/audit', routes: auditRoutes },
  { prefix: '/notifications', routes: notificationRoutes },
  { prefix: '/outbox', routes: outboxRoutes },
  { prefix: '/admin/clock', routes: clockRoutes },
  // /challans, /bank-statements and /bank-credits: NEFT/RTGS challans and bank reconciliation.
  { prefix: '', routes: bankReconciliationRoutes },
  // /refunds and /applicants/{id}/bank-verification: refunds with maker-checker.
  { prefix: '', routes: refundRoutes },
  // /ledger-adjustments: interest waivers, debits and credits with maker-checker.
  { prefix: '', routes: ledgerAdjustmentRoutes },
  // /applications/{id}/statement and /allotments/{id}/statement: the statement of account.
  { prefix: '', routes: ledgerRoutes },
  // /applications/{id}/appeals and /appeals: appeals to the head office (product decisions section 11).
  { prefix: '', routes: appealRoutes },
  // /grievances and /public/grievance-figures: grievances that escalate (decision 038).
  { prefix: '', routes: grievanceRoutes },
  // /schemes, /schemes/{id}, its entries, close and decide, and /public/schemes/{number} (decision 018).
  { prefix: '', routes: schemeRoutes(issueSchemeResultSheet) },
  // /schemes/{id}/lots, /schemes/{id}/live and /schemes/{id}/plots/{plotId}/bids: the e-auction (decision 018).
  { prefix: '', routes: auctionRoutes(settleSchemeOutcomes) },
  // /public/performance: the service standards and how they are met, for anyone.
  { prefix: '/public', routes: performanceRoutes },
  // Full paths beside the records' own modules: /applications/{id}/acknowledgment.pdf, /verify/{code}, ...
  { prefix: '', routes: issuedDocumentRoutes },
  // /allotments/{id}/lease-deed.pdf: the portal's lease deed (decision 035).
  { prefix: '', routes: leaseDeedDocumentRoutes },
  // /allotments/{id}/lease-deed/esign and /esign/response: the allottee's Aadhaar eSign of it, through an eSign
  // Service Provider; the deed is the documents area's, handed over here.
  { prefix: '', routes: leaseDeedEsignRoutes(issueLeaseDeedFor) },
  // /single-window/v1/cafs (the CAF's intake and pull, signed by the single window), /single-window/handoff and the
  // investor's CAF (decision 036); /single-window/outbox, the status pushes, for finance and admins.
  { prefix: '/single-window', routes: singleWindowRoutes },
  { prefix: '/single-window/outbox', routes: singleWindowOutboxRoutes },
];
