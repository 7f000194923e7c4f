/** Who is writing, for the audit trail (migration 0006). A request's context lives in an AsyncLocalStorage; every
 * transaction opened through the app's Database begins by handing it to the database as the transaction-local
 * setting `portal.audit`, which the audit trigger reads. Writes outside a request (jobs, seeding, the CLI) carry
 * no context and are recorded as 'system'. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';

export interface AuditActor {
  actorId: string | null;
  role: string;
}

export interface AuditContext {
  requestId: string;
  clientAddress: string | null;
  /** Read when a transaction begins, so a user authenticated after the context was made is named. */
  actor(): AuditActor;
}

const storage = new AsyncLocalStorage<AuditContext>();

/** Runs `fn` (and everything it starts) with this audit context. */
export function runWithAuditContext<T>(context: AuditContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentAuditContext(): AuditContext | undefined {
  return storage.getStore();
}

/** The JSON the trigger reads, or null outside a request. */
export function auditSetting(): string | null {
  const context = storage.getStore();
  if (!context) return null;
  const actor = context.actor();
  return JSON.stringify({
    actorId: actor.actorId,
    role: actor.role,
    requestId: context.requestId,
    clientAddress: context.clientAddress,
  });
}

/** The key of the advisory lock that keeps the audit chain linear (migration 0006 takes it in its triggers). */
export const AUDIT_CHAIN_LOCK = 7243100611;

/** Takes the audit chain's lock now, before a row lock that a write will follow: the triggers take it only when the
 * write comes, and a transaction holding a row lock while it waits for the chain could deadlock with one holding the
 * chain while it waits for that row. */
export async function lockAuditChain(tx: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }) {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
}

interface Transactional {
  transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;
}

interface Executes {
  execute: (query: ReturnType<typeof sql>) => Promise<unknown>;
}

/** Makes every top-level transaction of `db` begin with the current audit context, when there is one. */
export function withAuditTransactions<T extends object>(db: T): T {
  const handle = db as unknown as Transactional;
  const original = handle.transaction.bind(db);
  handle.transaction = (fn, config) =>
    original(async (tx: never) => {
      const setting = auditSetting();
      if (setting !== null) await (tx as Executes).execute(sql`select set_config('portal.audit', ${setting}, true)`);
      return fn(tx);
    }, config);
  return db;
}
