/** The audit trail (decision record 009): what GET /audit answers and how it is filtered. Rows are written by the
 * database itself, one per insert, update or delete of a business table, and are never changed. */
import { z } from 'zod';
import { listQueryFor, type ListDefinition } from './listing';
import { ROLES } from './roles';

/** The tables whose every write is recorded. */
export const AUDITED_ENTITIES = [
  'users',
  'applicants',
  'assets',
  'applications',
  'documents',
  'invoices',
  'payments',
  'allotments',
  'lease_deeds',
  'possessions',
  'service_requests',
  'meetings',
  'application_queries',
  // Money (migration 0014): NEFT/RTGS challans, imported bank statements and their credits.
  'challans',
  'bank_statement_imports',
  'bank_credits',
  // Ledger adjustments (migration 0016): interest waivers, debits and credits, their maker and checker.
  'ledger_adjustments',
  // Appeals (migration 0017): who filed, heard and decided each one.
  'appeals',
  // Competitive allotment (migration 0022): schemes and what became of each application in one. Bids are not audited
  // row by row (every audited write takes the chain's lock, and bids race by design); they are append-only instead.
  'schemes',
  'scheme_entries',
] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who wrote when no user is signed in: 'anonymous' for a request (registration), 'system' outside any request. */
export const AUDIT_ACTOR_ROLES = [...ROLES, 'anonymous', 'system'] as const;

const isoDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD' });

export const AUDIT_LIST = {
  sort: ['seq'],
  // Newest first.
  defaultSort: '-seq',
  searches: 'request id or entity id (exact)',
  filters: {
    /** The acting user's id. */
    actor: z.uuid().optional(),
    entity: z.enum(AUDITED_ENTITIES).optional(),
    entity_id: z.string().trim().min(1).max(100).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** Written on or after / on or before (YYYY-MM-DD, the corporation's day). */
    from: isoDay.optional(),
    to: isoDay.optional(),
  },
} as const satisfies ListDefinition<'seq', z.ZodRawShape>;

export const auditListQuerySchema = /* @__PURE__ */ listQueryFor(AUDIT_LIST);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  actor_id: z.uuid().nullable(),
  actor_name: z.string().nullable(),
  actor_role: z.string(),
  request_id: z.string().nullable(),
  client_address: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The actor's email, read with the page (null for the portal or a user no longer found). */
  actor_email: z.string().nullable().optional(),
  /** What people call the record, read with the page: a user's or an applicant's name, an application's, a plot's,
   * an invoice's, a payment's receipt, an allotment's (and so on) number; null for a record without one, or gone. */
  entity_name: z.string().nullable().optional(),
  /** A user's email beside their name; null for any other record. */
  entity_email: z.string().nullable().optional(),
  /** insert: the new values; delete: the old values; update: {field: [before, after]} for each changed field. */
  changes: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The columns of the CSV export, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'seq',
  'at',
  'actor_id',
  'actor_name',
  'actor_role',
  'request_id',
  'client_address',
  'action',
  'entity',
  'entity_id',
  'changes',
] as const satisfies readonly (keyof AuditEntry)[];
