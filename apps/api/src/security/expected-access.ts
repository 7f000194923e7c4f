/** Who may call each operation of the API, written out by hand: the expectations of the authorization matrix
 * (matrix.test.ts). They come from the spec (section 2's route table, section 6's roles, section 7's calls), the
 * product decisions (sections 3 to 7) and the decision records for what both are silent on, never from the route
 * guards, the contract's permission table or the OpenAPI document, so a guard naming the wrong permission fails.
 * A route the server answers that has no row here fails the matrix too: a new route gets its row before it ships.
 *
 * A row is 'public' (anyone, signed in or not), or one cell per role in the order of ROLE_COLUMNS:
 *   'yes'  the role may call it: never told 401 or 403 (nor 404 when the record it names exists);
 *   'no'   the role is refused with 403;
 *   'own'  (entrepreneurs) only on their own records: another entrepreneur naming the owner's record is told 404,
 *          and a list or summary shows nobody else's records. */

export const ROLE_COLUMNS = ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'] as const;

type Staff = 'yes' | 'no';
export type Cell = 'yes' | 'no' | 'own';
export type Row =
  | 'public'
  | readonly [
      entrepreneur: 'yes' | 'no' | 'own',
      zonal_manager: Staff,
      ho: Staff,
      committee: Staff,
      legal: Staff,
      finance: Staff,
      admin: Staff,
    ];

// Columns: entrepreneur, zonal_manager, ho, committee, legal, finance, admin.
export const EXPECTED_ACCESS: Record<string, Row> = {
  // Accounts (product decisions 3, decision record 010): signing in, registering and recovering are public; anyone
  // signed in reads and changes their own account.
  'POST /api/auth/login': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'GET /api/auth/me': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'PATCH /api/auth/me': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/auth/logout': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/auth/change-password': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // Sign-in by a one-time code is public; every role manages its own mobile and SMS choices (decision 037).
  'POST /api/auth/code': 'public',
  'POST /api/auth/code/sign-in': 'public',
  'GET /api/account/mobile': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/account/mobile/code': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/account/mobile/verify': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'DELETE /api/account/mobile': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'PUT /api/account/sms-preferences': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],

  // Staff accounts (product decisions 3): "Admins manage officer accounts; GET /api/users lists users for officers"
  // (the spec's committee list for assignment). Finance accounts are among the officer accounts admins manage.
  'GET /api/users': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/users': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],
  'PATCH /api/users/{id}': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],

  // The applicant profile (spec 6: the entrepreneur's own profile). Staff read it on the officer detail, which the
  // route table opens to every staff role.
  'GET /api/applicants/me': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'PUT /api/applicants/me': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'POST /api/applicants': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/applicants/{id}': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],

  // Assets (spec 6: "ho, admin: Assets management"). Reading them is everyone's: the wizard lists available ones,
  // both detail screens have an Asset tab, and the plot finder reads the zones and their map.
  'GET /api/assets': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/assets/available': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/assets/zones': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/assets/map': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/assets/{id}': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/assets': ['no', 'no', 'yes', 'no', 'no', 'no', 'yes'],
  'PATCH /api/assets/{id}': ['no', 'no', 'yes', 'no', 'no', 'no', 'yes'],
  'POST /api/assets/import': ['no', 'no', 'yes', 'no', 'no', 'no', 'yes'],

  // Applications. The entrepreneur creates, submits and documents their own (spec 1, 6; product decisions 5); the
  // officer list and detail are open to zonal_manager, ho, committee, finance, legal and admin (spec 2).
  'GET /api/applications': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/applications': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/applications/{id}': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/applications/{id}/submit': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/applications/{id}/documents': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/applications/{id}/documents': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/applications/{id}/documents/checklist': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/applications/{id}/documents/{docId}/file': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/applications/{id}/timeline': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/applications/{id}/acknowledgment.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // A letter of deemed approval (decision 017): the same access as the application it is about.
  'GET /api/applications/{id}/deemed-approval-letter.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // Update Status, and the committee decision sent through it (spec 6: zonal_manager, ho, committee, admin; the
  // decision's committee, ho, admin are among them).
  'PUT /api/applications/{id}/status': ['no', 'yes', 'yes', 'yes', 'no', 'no', 'yes'],
  // "zonal_manager, ho, committee, admin (legal and finance only read)" (product decisions 5, verify document).
  'PUT /api/applications/{id}/documents/{docId}/verify': ['no', 'yes', 'yes', 'yes', 'no', 'no', 'yes'],
  // Beyond the spec (decision record 008): internal notes and queries to the applicant are written by the roles that
  // work a case (those of Update Status); legal's "application views only" and finance read them.
  'POST /api/applications/{id}/notes': ['no', 'yes', 'yes', 'yes', 'no', 'no', 'yes'],
  'GET /api/applications/{id}/queries': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/applications/{id}/queries': ['no', 'yes', 'yes', 'yes', 'no', 'no', 'yes'],
  'POST /api/queries/{id}/response': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'POST /api/queries/{id}/close': ['no', 'yes', 'yes', 'yes', 'no', 'no', 'yes'],
  // A lapsed query's reply-by date is extended (once) by the roles that raise queries.
  'POST /api/queries/{id}/extend': ['no', 'yes', 'yes', 'yes', 'no', 'no', 'yes'],

  // Money (spec 1: the entrepreneur pays their invoices; "finance users see invoices, payments and reports"). The
  // officer detail's Payments tab shows them to every staff role; only the owner pays (product decisions 5).
  'GET /api/invoices': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/payments': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/payments': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/payments/{id}/receipt.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],

  // Allotments. Created by committee, ho, admin; the lease deed uploaded by its owner and verified, and possession
  // recorded, by zonal_manager, ho, admin (spec 4, 6; product decisions 5). Read by the owner and, through the
  // officer detail's Allotment & Possession tab, by every staff role.
  'GET /api/allotments': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // The register's counts: staff who read every allotment (decision 014).
  'GET /api/allotments/summary': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // The register as a CSV file: the same staff as its counts.
  'GET /api/allotments/export.csv': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/allotments': ['no', 'no', 'yes', 'yes', 'no', 'no', 'yes'],
  'GET /api/allotments/{id}': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // Its history reads as the allotment does (decision 014: a previous holder up to the transfer).
  'GET /api/allotments/{id}/history': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/allotments/{id}/letter.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/allotments/{id}/lease-deed': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/allotments/{id}/lease-deed': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/allotments/{id}/lease-deed/file': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'PUT /api/allotments/{id}/lease-deed/verify': ['no', 'yes', 'yes', 'no', 'no', 'no', 'yes'],
  // The portal's lease deed (decision 035): read as the letter is; eSigned, instead of an upload, by its owner alone.
  'GET /api/allotments/{id}/lease-deed.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/allotments/{id}/lease-deed/esign': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/allotments/{id}/possession': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/allotments/{id}/possession': ['no', 'yes', 'yes', 'no', 'no', 'no', 'yes'],
  'GET /api/allotments/{id}/possession/certificate.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],

  // Service requests: the entrepreneur raises their own (spec 1, 6). Beyond the spec, staff take them up: the roles
  // that verify lease deeds and record possession work them (zonal_manager, ho, admin), legal and finance read them
  // (a transfer or a mortgage NOC, and its fee); the committee, which decides applications, has no desk for them.
  'GET /api/service-requests': ['own', 'yes', 'yes', 'no', 'yes', 'yes', 'yes'],
  'POST /api/service-requests': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/service-requests/{id}': ['own', 'yes', 'yes', 'no', 'yes', 'yes', 'yes'],
  // Transfers (decision 014): offered to an entrepreneur's email, accepted only by them.
  'GET /api/service-requests/transfers-offered': ['yes', 'no', 'no', 'no', 'no', 'no', 'no'],
  'POST /api/service-requests/{id}/accept-transfer': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'PATCH /api/service-requests/{id}': ['no', 'yes', 'yes', 'no', 'no', 'no', 'yes'],
  // Decision 021: the applicant gives the particulars their request was raised without.
  'PUT /api/service-requests/{id}/particulars': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],

  // Meetings are stored, for committee, ho and admin (product decisions 6; spec 2's Meetings screen). The zonal
  // manager's "Schedule a meeting" (spec 6) sends nothing (spec 4), so it is no operation.
  'GET /api/meetings': ['no', 'no', 'yes', 'yes', 'no', 'no', 'yes'],
  'POST /api/meetings': ['no', 'no', 'yes', 'yes', 'no', 'no', 'yes'],

  // The dashboard answers for the caller: the entrepreneur's own figures, the officers' for anyone else
  // (product decisions 7).
  'GET /api/dashboard/stats': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],

  // Pendency (issue 25): the officers' figures of pending steps, not finance's (a zonal manager with a zone sees theirs).
  'GET /api/pendency': ['no', 'yes', 'yes', 'yes', 'yes', 'no', 'yes'],

  // Reports: zonal_manager, ho, finance, admin (spec 2 and 6).
  'GET /api/reports/{type}': ['no', 'yes', 'yes', 'no', 'no', 'yes', 'yes'],
  'GET /api/reports/{type}/export.csv': ['no', 'yes', 'yes', 'no', 'no', 'yes', 'yes'],
  'GET /api/reports/{type}/export.json': ['no', 'yes', 'yes', 'no', 'no', 'yes', 'yes'],

  // The audit trail is read by admins (decision record 009).
  'GET /api/audit': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],
  'GET /api/audit/export.csv': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],

  // Everyone's own notifications; the mail outbox is the admins' (decision record 011).
  'GET /api/notifications': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/notifications/unread-count': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/notifications/read-all': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/notifications/{id}/read': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/outbox': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],
  'GET /api/outbox/summary': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],
  'POST /api/outbox/{id}/retry': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],
  // The SMS outbox is the admins', as the mail outbox (decision 037).
  'GET /api/sms/outbox': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],
  'GET /api/sms/outbox/summary': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],
  // The portal's clock: the admins' alone, to read and (with CLOCK=movable) to move (decision 026).
  'GET /api/admin/clock': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],
  'POST /api/admin/clock/advance': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],

  // Issued documents (decision record 012): anyone checks one by its code, or a file by its signatures (decision
  // 035); an administrator revokes one.
  'GET /api/verify/{code}': 'public',
  'POST /api/verify': 'public',
  'GET /api/organization': 'public',
  // The service standards and how they are met (issue 25): for anyone, signed in or not.
  'GET /api/public/performance': 'public',
  'POST /api/issued-documents/{id}/revoke': ['no', 'no', 'no', 'no', 'no', 'no', 'yes'],
  // The orders of the allotment's life (decision 014): for the holder (and who raised the request, or received a
  // transfer), and the staff who read every allotment.
  'GET /api/service-requests/{id}/order.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/show-causes/{id}/notice.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/show-causes/{id}/order.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // Cancellation for non-compliance (product decisions 9): the officers who work the allotment's services issue a
  // show-cause notice and order on it; the holder reads and replies (with documents); staff who read every
  // allotment read it.
  'POST /api/allotments/{id}/show-causes': ['no', 'yes', 'yes', 'no', 'no', 'no', 'yes'],
  'GET /api/allotments/{id}/show-causes': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/show-causes/{id}': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/show-causes/{id}/reply': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'POST /api/show-causes/{id}/documents': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/show-causes/{id}/documents/{docId}/file': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/show-causes/{id}/order': ['no', 'yes', 'yes', 'no', 'no', 'no', 'yes'],
  // NEFT/RTGS challans and bank reconciliation (decision 016): an invoice's owner raises its challan and reads their
  // own; staff who read finance read every challan, import and credit. Finance imports statements; a finance user
  // prepares a settlement or sets a credit aside, another finance user or an admin approves or rejects it.
  'POST /api/challans': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/challans': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/challans/{id}': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/challans/{id}/challan.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/bank-statements': ['no', 'no', 'no', 'no', 'no', 'yes', 'no'],
  'GET /api/bank-statements': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/bank-statements/{id}': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/bank-credits': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/bank-credits/{id}': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/bank-credits/{id}/settlement': ['no', 'no', 'no', 'no', 'no', 'yes', 'no'],
  'POST /api/bank-credits/{id}/settlement/approve': ['no', 'no', 'no', 'no', 'no', 'yes', 'yes'],
  'POST /api/bank-credits/{id}/settlement/reject': ['no', 'no', 'no', 'no', 'no', 'yes', 'yes'],
  'POST /api/bank-credits/{id}/set-aside': ['no', 'no', 'no', 'no', 'no', 'yes', 'no'],
  // Paying through the gateway (decision 016): the invoice's owner makes the order; staff who read finance read the
  // orders; the gateway's callback and webhook carry a signature, not a session.
  'POST /api/payments/orders': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/payments/orders': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/payments/orders/{id}': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // The statement of account: the applicant or the plot's holder, and staff who read finance; the no-dues certificate
  // is asked for by the holder or a finance officer.
  'GET /api/applications/{id}/statement': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/applications/{id}/statement.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/allotments/{id}/statement': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/allotments/{id}/statement.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/allotments/{id}/no-dues-certificate': ['own', 'no', 'no', 'no', 'no', 'yes', 'no'],
  'GET /api/allotments/{id}/no-dues-certificate.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // The applicant withdraws their own application; refunds and ledger adjustments are prepared by finance and
  // approved by another finance user or an admin (maker-checker); a refund is paid by finance.
  'POST /api/applications/{id}/withdraw': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/refunds/due': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/refunds': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/refunds/{id}': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/refunds': ['no', 'no', 'no', 'no', 'no', 'yes', 'no'],
  'POST /api/refunds/{id}/approve': ['no', 'no', 'no', 'no', 'no', 'yes', 'yes'],
  'POST /api/refunds/{id}/reject': ['no', 'no', 'no', 'no', 'no', 'yes', 'yes'],
  'POST /api/refunds/{id}/paid': ['no', 'no', 'no', 'no', 'no', 'yes', 'no'],
  'GET /api/applicants/{id}/bank-verification': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'PUT /api/applicants/{id}/bank-verification': ['no', 'no', 'no', 'no', 'no', 'yes', 'no'],
  'GET /api/ledger-adjustments': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/ledger-adjustments/{id}': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/ledger-adjustments': ['no', 'no', 'no', 'no', 'no', 'yes', 'no'],
  'POST /api/ledger-adjustments/{id}/approve': ['no', 'no', 'no', 'no', 'no', 'yes', 'yes'],
  'POST /api/ledger-adjustments/{id}/reject': ['no', 'no', 'no', 'no', 'no', 'yes', 'yes'],
  // Finance's reports (the dashboard's charts and their exports): staff who read finance.
  'GET /api/finance/collections': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/finance/collections.csv': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/finance/receivables-ageing': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/finance/receivables.csv': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/finance/summary': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  // Appeals (product decisions section 11): the applicant files one on their own application and reads its appeals
  // (as staff who read the application do); the head office (the appellate officer) lists, hears and orders; admins
  // read.
  'POST /api/applications/{id}/appeals': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/applications/{id}/appeals': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/appeals': ['no', 'no', 'yes', 'no', 'no', 'no', 'yes'],
  'GET /api/appeals/by-stage': ['no', 'no', 'yes', 'no', 'no', 'no', 'yes'],
  'GET /api/appeals/{id}': ['no', 'no', 'yes', 'no', 'no', 'no', 'yes'],
  'POST /api/appeals/{id}/hearing': ['no', 'no', 'yes', 'no', 'no', 'no', 'no'],
  'POST /api/appeals/{id}/order': ['no', 'no', 'yes', 'no', 'no', 'no', 'no'],
  // Schemes (decision 018): head office and admins publish, close and decide them; staff read them and their entries;
  // entrepreneurs read the open ones and those they applied in, and the result sheet of a scheme they applied in;
  // anyone reads a scheme's public record.
  'GET /api/schemes': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/schemes': ['no', 'no', 'yes', 'no', 'no', 'no', 'yes'],
  'GET /api/schemes/{id}': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/schemes/{id}/entries': ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/schemes/{id}/close': ['no', 'no', 'yes', 'no', 'no', 'no', 'yes'],
  'POST /api/schemes/{id}/decide': ['no', 'no', 'yes', 'no', 'no', 'no', 'yes'],
  'GET /api/schemes/{id}/result.pdf': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/public/schemes/{schemeNumber}': 'public',
  // The e-auction (decision 018): entrepreneurs bid (the server checks they hold a qualified entry for the lot);
  // anyone signed in watches a scheme's lots, each with only their own bid and rank.
  'POST /api/schemes/{id}/plots/{plotId}/bids': ['yes', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/schemes/{id}/lots': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/schemes/{id}/live': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],

  // Grievances (decision 038): anyone signed in raises their own and lists them; the officers who work grievances
  // (zonal managers, head office, finance, admins) have the inbox; a grievance is read and acted on by its complainant
  // and those officers (the service answers anyone else 404); anyone reads the figures.
  'POST /api/grievances': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/grievances': ['yes', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/grievances/inbox': ['no', 'yes', 'yes', 'no', 'no', 'yes', 'yes'],
  'GET /api/grievances/{id}': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/grievances/{id}/actions': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'POST /api/grievances/{id}/attachments': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/grievances/{id}/attachments/{fileId}/file': ['own', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes'],
  'GET /api/public/grievance-figures': 'public',

  'GET /api/health': 'public',

  // The state's single window (decision 036): the investor's handoff is public (its token is the credential); the
  // investor completes their own CAF; finance and admins read the status pushes and send a failed one again.
  'POST /api/single-window/handoff': 'public',
  'GET /api/single-window/cafs/{cafId}': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'POST /api/single-window/cafs/{cafId}/application': ['own', 'no', 'no', 'no', 'no', 'no', 'no'],
  'GET /api/single-window/outbox': ['no', 'no', 'no', 'no', 'no', 'yes', 'yes'],
  'POST /api/single-window/outbox/{id}/retry': ['no', 'no', 'no', 'no', 'no', 'yes', 'yes'],
};

/** Routes the server answers that are the API's own reference, not operations of it: public, and not in the
 * OpenAPI document they serve. */
export const REFERENCE_ROUTES = /^(GET \/api\/openapi\.json|GET \/api\/docs(\/.*)?)$/;

/** Routes an outside party's signed answer reaches: the payment gateway's (decision 016), the eSign Service
 * Provider's (decision 035), the state single window's signed requests (decision 036) and the SMS provider's delivery
 * reports on their secret URL (decision 037). They carry that party's signature, not a session, are left out of the OpenAPI document,
 * and their refusals (a forged or stale signature) are their modules' tests. */
export const GATEWAY_SIGNED_ROUTES =
  /^(POST \/api\/(payments\/gateway\/(callback|webhook)|esign\/response|single-window\/v1\/cafs)|GET \/api\/single-window\/v1\/cafs\/(\{cafId\}|:cafId)\/status|(GET|POST) \/api\/sms\/delivery-reports\/(\{token\}|:token))$/;

/** Operations whose record the matrix's world does not hold (no lease deed, possession, payment, notification or
 * failed mail yet, no issued document), so an allowed caller is told 404 like anyone else. */
export const NOT_IN_WORLD = new Set([
  'GET /api/grievances/{id}',
  'POST /api/grievances/{id}/actions',
  'POST /api/grievances/{id}/attachments',
  'GET /api/grievances/{id}/attachments/{fileId}/file',
  'GET /api/single-window/cafs/{cafId}',
  'POST /api/single-window/cafs/{cafId}/application',
  'POST /api/single-window/outbox/{id}/retry',
  'GET /api/allotments/{id}/lease-deed',
  'GET /api/allotments/{id}/lease-deed/file',
  'GET /api/allotments/{id}/possession',
  'GET /api/allotments/{id}/possession/certificate.pdf',
  'GET /api/payments/{id}/receipt.pdf',
  'GET /api/show-causes/{id}/notice.pdf',
  'GET /api/show-causes/{id}/order.pdf',
  'GET /api/show-causes/{id}',
  'POST /api/show-causes/{id}/reply',
  'POST /api/show-causes/{id}/documents',
  'GET /api/show-causes/{id}/documents/{docId}/file',
  'POST /api/show-causes/{id}/order',
  'POST /api/notifications/{id}/read',
  'POST /api/outbox/{id}/retry',
  'GET /api/verify/{code}',
  'GET /api/challans/{id}',
  'GET /api/challans/{id}/challan.pdf',
  'GET /api/bank-statements/{id}',
  'GET /api/bank-credits/{id}',
  'POST /api/bank-credits/{id}/settlement',
  'POST /api/bank-credits/{id}/settlement/approve',
  'POST /api/bank-credits/{id}/settlement/reject',
  'POST /api/bank-credits/{id}/set-aside',
  'GET /api/payments/orders/{id}',
  'GET /api/allotments/{id}/no-dues-certificate.pdf',
  'GET /api/applications/{id}/deemed-approval-letter.pdf',
  'GET /api/refunds/{id}',
  'POST /api/refunds/{id}/approve',
  'POST /api/refunds/{id}/reject',
  'POST /api/refunds/{id}/paid',
  'GET /api/ledger-adjustments/{id}',
  'POST /api/ledger-adjustments/{id}/approve',
  'POST /api/ledger-adjustments/{id}/reject',
  'GET /api/appeals/{id}',
  'POST /api/appeals/{id}/hearing',
  'POST /api/appeals/{id}/order',
  'GET /api/schemes/{id}',
  'GET /api/schemes/{id}/entries',
  'POST /api/schemes/{id}/close',
  'POST /api/schemes/{id}/decide',
  'GET /api/schemes/{id}/result.pdf',
  'GET /api/public/schemes/{schemeNumber}',
  'POST /api/schemes/{id}/plots/{plotId}/bids',
  'GET /api/schemes/{id}/lots',
  'GET /api/schemes/{id}/live',
]);
