/** Who may do what (spec section 6, product decisions section 4). Checked by the server, mirrored by the web app. */
import type { Role } from './roles';

export const PERMISSIONS = {
  'create:application:own': ['entrepreneur'],
  'submit:application:own': ['entrepreneur'],
  'pay:invoice:own': ['entrepreneur'],
  'upload:lease-deed:own': ['entrepreneur'],
  'manage:profile:own': ['entrepreneur'],
  'manage:service-request:own': ['entrepreneur'],
  'answer:query:own': ['entrepreneur'],
  'read:application:any': ['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  'read:applicant:any': ['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  'update:application:status': ['zonal_manager', 'ho', 'committee', 'admin'],
  'verify:document': ['zonal_manager', 'ho', 'committee', 'admin'],
  'schedule:meeting': ['zonal_manager', 'ho', 'admin'],
  'verify:lease-deed': ['zonal_manager', 'ho', 'admin'],
  'record:possession': ['zonal_manager', 'ho', 'admin'],
  'record:decision': ['committee', 'ho', 'admin'],
  'add:internal-note': ['zonal_manager', 'ho', 'committee', 'admin'],
  'create:allotment': ['committee', 'ho', 'admin'],
  'manage:meetings': ['committee', 'ho', 'admin'],
  'manage:assets': ['ho', 'admin'],
  'read:allotments:any': ['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  'read:finance': ['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  'read:reports': ['zonal_manager', 'ho', 'finance', 'admin'],
  /** The officers' pendency figures (GET /pendency): a zonal manager with a zone sees that zone's. */
  'read:pendency': ['zonal_manager', 'ho', 'committee', 'legal', 'admin'],
  'read:users': ['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  'manage:users': ['admin'],
  'read:audit': ['admin'],
  /** The mail outbox (Outbox screen): reading it, and sending a failed message again. */
  'read:outbox': ['admin'],
  'manage:outbox': ['admin'],
  /** The single window's status pushes (decision 036): reading their outbox, and sending a failed push again. */
  'read:single-window-outbox': ['finance', 'admin'],
  'manage:single-window-outbox': ['finance', 'admin'],
  /** Mobile verification and SMS choices on one's own account (decision 037): every signed-in role. */
  'manage:mobile:own': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  /** The portal's clock (decision 026): reading it, and moving it forward when the portal runs with CLOCK=movable. */
  'manage:clock': ['admin'],
  'work:service-request': ['zonal_manager', 'ho', 'admin'],
  'read:service-request:any': ['zonal_manager', 'ho', 'legal', 'finance', 'admin'],
  'revoke:issued-document': ['admin'],
  /** Issue a show-cause notice on an allotment and order on it (cancel the allotment or drop the notice). */
  'issue:show-cause': ['zonal_manager', 'ho', 'admin'],
  /** Reply to a show-cause notice on an allotment one holds, and attach documents to the reply. */
  'reply:show-cause:own': ['entrepreneur'],
  /** Money (decision 016). Withdraw one's own application before allotment (its EMD is refunded). */
  'withdraw:application:own': ['entrepreneur'],
  /** Ask for a challan to pay an invoice by NEFT/RTGS. */
  'raise:challan:own': ['entrepreneur'],
  /** Import a bank statement; mark a holder's bank details verified. */
  'import:bank-statement': ['finance'],
  'verify:bank-details': ['finance'],
  /** Maker-checker: prepare a finance action that moves or forgives money (a refund, an interest waiver, a ledger
   * adjustment, the settlement of an unmatched bank credit), and approve one someone else prepared. */
  'prepare:finance-action': ['finance'],
  'approve:finance-action': ['finance', 'admin'],
  /** Appeals (product decisions section 11): the applicant files one on their own late or rejected application; the
   * appellate officer (ho) hears and orders; admins read them. */
  'file:appeal:own': ['entrepreneur'],
  'read:appeals': ['ho', 'admin'],
  'decide:appeal': ['ho'],
  /** Competitive allotment (section 12): publish a scheme, close it, run its draw or first come; read schemes. */
  'manage:schemes': ['ho', 'admin'],
  'read:schemes': ['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  /** Bid in an e-auction with one's own qualified application. */
  'bid:auction:own': ['entrepreneur'],
  /** Record a refund paid (its UTR). */
  'pay:refund': ['finance'],
  /** Grievances (decision 038): any signed-in user raises their own; the officers they are routed to (and the levels
   * above) work them. */
  'raise:grievance:own': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  'work:grievance': ['zonal_manager', 'ho', 'finance', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
