/** Reads of the audit trail (migration 0006). Nothing here writes it: the database's triggers do. Paged by seq,
 * the chain's own order, with a keyset cursor on it. */
import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { parseSort, type AuditEntry, type AuditListQuery } from '@portal/contract';
import type { Database } from '../db/client';
import {
  allotments,
  appeals,
  applicants,
  applications,
  assets,
  auditLog,
  challans,
  invoices,
  ledgerAdjustments,
  payments,
  schemes,
  serviceRequests,
  users,
} from '../db/schema';
import { unprocessable } from '../core/http-error';
import { countCapped, timestampRange, type Page } from '../core/list-page';

export type AuditFilter = Omit<AuditListQuery, 'limit' | 'offset' | 'cursor' | 'sort'>;

const INVALID_CURSOR = 'The cursor is not valid: start again from the first page';

function encodeCursor(sort: string, seq: number): string {
  return Buffer.from(JSON.stringify([sort, seq])).toString('base64url');
}

function decodeCursor(cursor: string, sort: string): number {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw unprocessable(INVALID_CURSOR);
  }
  if (!Array.isArray(value) || value.length !== 2 || !Number.isSafeInteger(value[1]) || value[1] < 0) {
    throw unprocessable(INVALID_CURSOR);
  }
  if (value[0] !== sort)
    throw unprocessable('The cursor belongs to another sort order: start again from the first page');
  return value[1] as number;
}

function conditionsOf(filter: AuditFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(eq(auditLog.actorId, filter.actor));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entity_id) conditions.push(eq(auditLog.entityId, filter.entity_id));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  conditions.push(...timestampRange(auditLog.at, filter.from, filter.to));
  if (filter.q) conditions.push(or(eq(auditLog.requestId, filter.q), eq(auditLog.entityId, filter.q))!);
  return conditions;
}

const entryColumns = {
  seq: auditLog.seq,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName: users.fullName,
  actorEmail: users.email,
  actorRole: auditLog.actorRole,
  requestId: auditLog.requestId,
  clientAddress: auditLog.clientAddress,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  changes: auditLog.changes,
};

type EntryRow = {
  seq: number;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  actorRole: string;
  requestId: string | null;
  clientAddress: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  changes: unknown;
};

export function toAuditEntry(row: EntryRow): AuditEntry {
  return {
    seq: Number(row.seq),
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_name: row.actorName,
    actor_email: row.actorEmail,
    actor_role: row.actorRole,
    request_id: row.requestId,
    client_address: row.clientAddress,
    action: row.action as AuditEntry['action'],
    entity: row.entity,
    entity_id: row.entityId,
    changes: (row.changes ?? {}) as Record<string, unknown>,
  };
}

/** How each audited table names its rows: the column people call a record by (and a user's email beside it). */
const NAMED: Partial<Record<string, { table: PgTable; id: PgColumn; name: PgColumn; email?: PgColumn }>> = {
  users: { table: users, id: users.id, name: users.fullName, email: users.email },
  applicants: { table: applicants, id: applicants.id, name: applicants.organizationName },
  assets: { table: assets, id: assets.id, name: assets.assetCode },
  applications: { table: applications, id: applications.id, name: applications.applicationNumber },
  invoices: { table: invoices, id: invoices.id, name: invoices.invoiceNumber },
  payments: { table: payments, id: payments.id, name: payments.receiptNumber },
  allotments: { table: allotments, id: allotments.id, name: allotments.allotmentNumber },
  service_requests: { table: serviceRequests, id: serviceRequests.id, name: serviceRequests.requestNumber },
  appeals: { table: appeals, id: appeals.id, name: appeals.appealNumber },
  schemes: { table: schemes, id: schemes.id, name: schemes.schemeNumber },
  challans: { table: challans, id: challans.id, name: challans.challanNumber },
  ledger_adjustments: { table: ledgerAdjustments, id: ledgerAdjustments.id, name: ledgerAdjustments.adjustmentNumber },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Names the records of one page: one primary-key read per kind of record on the page (never one per row), so a page
 * costs the same at a million entries as at a hundred. */
export async function nameEntries(db: Database, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const idsByEntity = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (!entry.entity_id || !UUID.test(entry.entity_id) || !NAMED[entry.entity]) continue;
    const ids = idsByEntity.get(entry.entity) ?? new Set<string>();
    ids.add(entry.entity_id);
    idsByEntity.set(entry.entity, ids);
  }
  const names = new Map<string, { name: string | null; email: string | null }>();
  await Promise.all(
    [...idsByEntity].map(async ([entity, ids]) => {
      const named = NAMED[entity]!;
      const rows = (await db
        .select({ id: named.id, name: named.name, email: named.email ?? sql<null>`null` })
        .from(named.table)
        .where(inArray(named.id, [...ids]))) as { id: string; name: string | null; email: string | null }[];
      for (const row of rows) names.set(`${entity}:${row.id}`, { name: row.name, email: row.email });
    }),
  );
  return entries.map((entry) => {
    const named = entry.entity_id ? names.get(`${entry.entity}:${entry.entity_id}`) : undefined;
    return { ...entry, entity_name: named?.name ?? null, entity_email: named?.email ?? null };
  });
}

export async function searchAuditLog(db: Database, query: AuditListQuery): Promise<Page<AuditEntry>> {
  const { descending } = parseSort(query.sort);
  const conditions = conditionsOf(query);
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const keyset = after === undefined ? undefined : descending ? lt(auditLog.seq, after) : gt(auditLog.seq, after);
  const rowsRead = db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions, keyset))
    .orderBy(descending ? desc(auditLog.seq) : asc(auditLog.seq))
    .limit(query.limit + 1)
    .offset(query.cursor ? 0 : query.offset);
  const countRead = countCapped(
    db,
    db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(and(...conditions))
      .$dynamic(),
  );
  // Together, as a list page's rows and total are (core/list-page.ts).
  const [rows, count] = (await Promise.all([rowsRead, countRead])) as [EntryRow[], Awaited<typeof countRead>];
  const hasMore = rows.length > query.limit;
  const kept = hasMore ? rows.slice(0, query.limit) : rows;
  const last = kept.at(-1);
  return {
    items: await nameEntries(db, kept.map(toAuditEntry)),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(query.sort, Number(last.seq)) : null,
    ...count,
  };
}

/** Every entry under the filter, oldest first, one page of rows at a time (for the CSV export). */
export async function* auditPages(db: Database, filter: AuditFilter, pageSize: number): AsyncGenerator<AuditEntry[]> {
  const conditions = conditionsOf(filter);
  let after = 0;
  for (;;) {
    const rows = (await db
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(...conditions, gt(auditLog.seq, after)))
      .orderBy(asc(auditLog.seq))
      .limit(pageSize)) as EntryRow[];
    if (rows.length === 0) return;
    yield rows.map(toAuditEntry);
    after = Number(rows.at(-1)!.seq);
    if (rows.length < pageSize) return;
  }
}
