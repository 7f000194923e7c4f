/** Walks the audit chain (migration 0006) in seq order and names the first row that breaks it: a gap in seq, a
 * prev_hash that is not the previous row's hash, or a hash that does not cover the row's own content. The hash is
 * recomputed here, from the row's stored columns, with the same expression as the trigger. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export type ChainProblem =
  | { seq: number; kind: 'gap'; detail: string }
  | { seq: number; kind: 'prev_hash'; detail: string }
  | { seq: number; kind: 'hash'; detail: string };

export interface ChainReport {
  rows: number;
  lastSeq: number | null;
  problem: ChainProblem | null;
}

const BATCH = 5000;

interface Row {
  seq: string | number;
  prev_hash: string | null;
  hash: string;
  expected: string;
}

/** `from`: start at this seq, taking the row before it as given (to look past a problem already reported). */
export async function verifyAuditChain(db: Database, options: { from?: number } = {}): Promise<ChainReport> {
  let previous: { seq: number; hash: string } | null = null;
  if (options.from && options.from > 1) {
    const start = (await db.execute(
      sql`select seq, hash from audit_log where seq < ${options.from} order by seq desc limit 1`,
    )) as unknown as { rows: { seq: string | number; hash: string }[] };
    const row = start.rows[0];
    if (row) previous = { seq: Number(row.seq), hash: row.hash };
  }
  let rows = 0;
  for (;;) {
    const after = previous?.seq ?? 0;
    const result = (await db.execute(sql`
      select seq, prev_hash, hash,
        encode(sha256(convert_to(coalesce(prev_hash, '') || jsonb_build_array(seq,
          to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), actor_id, actor_role, request_id,
          client_address, action, entity, entity_id, changes)::text, 'UTF8')), 'hex') as expected
      from audit_log where seq > ${after} order by seq limit ${BATCH}`)) as unknown as { rows: Row[] };
    if (result.rows.length === 0) break;
    for (const row of result.rows) {
      const seq = Number(row.seq);
      const wanted: number = (previous?.seq ?? 0) + 1;
      if (seq !== wanted) {
        return {
          rows,
          lastSeq: previous?.seq ?? null,
          problem: { seq, kind: 'gap', detail: `seq ${wanted} to ${seq - 1} missing` },
        };
      }
      if ((row.prev_hash ?? null) !== (previous?.hash ?? null)) {
        return {
          rows,
          lastSeq: previous?.seq ?? null,
          problem: { seq, kind: 'prev_hash', detail: 'prev_hash is not the hash of the row before' },
        };
      }
      if (row.hash !== row.expected) {
        return {
          rows,
          lastSeq: previous?.seq ?? null,
          problem: { seq, kind: 'hash', detail: 'the row was changed after it was written' },
        };
      }
      previous = { seq, hash: row.hash };
      rows++;
    }
  }
  return { rows, lastSeq: previous?.seq ?? null, problem: null };
}
