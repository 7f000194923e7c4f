/** The server half of the list protocol (decision record 006): the ORDER BY and keyset condition of a page, the
 * capped count, and the X-Total-Count / X-Next-Cursor / Link headers. Repositories build the query; routes answer. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { addCalendarDays, LIST_HEADERS, LIST_LIMITS, parseSort } from '@portal/contract';
import type { Database } from '../db/client';
import { unprocessable } from './http-error';
import { businessDayStartOf } from './dates';

export interface PageRequest<Sort extends string> {
  limit: number;
  offset: number;
  cursor?: string;
  sort: Sort | `-${Sort}`;
}

/** One page of rows, whether more follow, and the cursor that continues after the last one. */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
  total: number;
  totalCapped: boolean;
}

export interface PagePlan {
  /** The keyset condition when the request carries a cursor. */
  after: SQL | undefined;
  orderBy: SQL[];
  /** Select this beside the row: the sort value as text, exact to the microsecond, for the next cursor. */
  sortKey: SQL<string>;
  /** One more than asked, to learn whether another page follows. */
  fetch: number;
  offset: number;
}

/** A sortable column, or an expression that is never null (keyset comparisons skip nulls). */
export type SortExpression = AnyColumn | SQL;

const INVALID_CURSOR = 'The cursor is not valid: start again from the first page';

/** The cursor names its order too: one made under another `sort` would compare the wrong column. */
function encodeCursor(sort: string, sortKey: string, id: string): string {
  return Buffer.from(JSON.stringify([sort, sortKey, id])).toString('base64url');
}

function decodeCursor(cursor: string, sort: string): [string, string] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // answered below like any other unreadable cursor
  }
  if (
    Array.isArray(value) &&
    value.length === 3 &&
    typeof value[1] === 'string' &&
    typeof value[2] === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value[2])
  ) {
    if (value[0] !== sort)
      throw unprocessable('The cursor belongs to another sort order: start again from the first page');
    return [value[1], value[2]];
  }
  throw unprocessable(INVALID_CURSOR);
}

/** Orders by the requested column, then the id, so pages never overlap or skip rows that share a sort value. */
export function planPage<Sort extends string>(
  request: PageRequest<Sort>,
  columns: Record<Sort, SortExpression>,
  id: AnyColumn,
): PagePlan {
  const { column, descending } = parseSort(request.sort);
  const expression = columns[column];
  const direction = descending ? sql`desc` : sql`asc`;
  let after: SQL | undefined;
  if (request.cursor) {
    const [sortKey, lastId] = decodeCursor(request.cursor, request.sort);
    after = descending
      ? sql`(${expression}, ${id}) < (${sortKey}, ${lastId})`
      : sql`(${expression}, ${id}) > (${sortKey}, ${lastId})`;
  }
  return {
    after,
    orderBy: [sql`${expression} ${direction}`, sql`${id} ${direction}`],
    sortKey: sql<string>`(${expression})::text`,
    fetch: request.limit + 1,
    offset: request.cursor ? 0 : request.offset,
  };
}

function isDataException(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a page's query. A hand-made cursor whose sort value the column cannot read answers 422, not 500. */
export async function fetchRows<R>(plan: PagePlan, query: PromiseLike<R[]>): Promise<R[]> {
  try {
    return await query;
  } catch (error) {
    if (plan.after && isDataException(error)) throw unprocessable(INVALID_CURSOR);
    throw error;
  }
}

/** Cuts the extra row off and makes the cursor from the last row kept. */
export function finishPage<R extends { sortKey: string }, T>(
  rows: R[],
  request: { limit: number; sort: string },
  idOf: (row: R) => string,
  toItem: (row: R) => T,
  count: { total: number; totalCapped: boolean },
): Page<T> {
  const hasMore = rows.length > request.limit;
  const kept = hasMore ? rows.slice(0, request.limit) : rows;
  const last = kept.at(-1);
  return {
    items: kept.map(toItem),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(request.sort, last.sortKey, idOf(last)) : null,
    ...count,
  };
}

/** Counts the rows of a query up to LIST_LIMITS.countCap, so a broad filter at a million rows stays cheap. */
export async function countCapped(db: Database, query: PgSelect): Promise<{ total: number; totalCapped: boolean }> {
  const limited = query.limit(LIST_LIMITS.countCap + 1).as('counted');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
  const n = Number(row?.n ?? 0);
  return n > LIST_LIMITS.countCap
    ? { total: LIST_LIMITS.countCap, totalCapped: true }
    : { total: n, totalCapped: false };
}

/** Counts every row of a query: for lists that stay short (one owner's, one application's). */
export async function countAll(db: Database, query: PgSelect): Promise<{ total: number; totalCapped: boolean }> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(query.as('counted'));
  return exactCount(Number(row?.n ?? 0));
}

export const emptyPage = <T>(): Page<T> => ({
  items: [],
  hasMore: false,
  nextCursor: null,
  total: 0,
  totalCapped: false,
});

/** An exact total known without counting (a summary table, or a short list counted in full). */
export const exactCount = (total: number) => ({ total, totalCapped: false });

/** How a list finds its total: from a summary (`known`), by counting every row (lists that stay short), or by
 * counting up to LIST_LIMITS.countCap. */
export type TotalBy = { known: () => Promise<number> } | 'all' | 'capped';

/** A table joined to a list's own, at most one row per row of the list (a filter whose columns may also sort). */
export interface PageJoin {
  table: PgTable;
  on: SQL;
}

/** One page of a table's rows under the list's conditions, in the requested order, with its total. */
export async function pageOfTable<Table extends PgTable & { id: AnyColumn }, Sort extends string>(
  db: Database,
  options: {
    table: Table;
    request: PageRequest<Sort>;
    sortColumns: Record<Sort, SortExpression>;
    conditions: SQL[];
    total: TotalBy;
    join?: PageJoin;
  },
): Promise<Page<Table['$inferSelect']>> {
  type Row = Table['$inferSelect'] & { id: string };
  const { table, request, conditions, total, join } = options;
  const plan = planPage(request, options.sortColumns, table.id);
  const joined = <Q extends PgSelect>(query: Q) => (join ? query.innerJoin(join.table, join.on) : query);
  const rowsRead = fetchRows(
    plan,
    joined(
      db
        .select({ row: table as never, sortKey: plan.sortKey })
        .from(table as never)
        .$dynamic(),
    )
      .where(and(...conditions, plan.after))
      .orderBy(...plan.orderBy)
      .limit(plan.fetch)
      .offset(plan.offset),
  ) as Promise<{ row: Row; sortKey: string }[]>;
  const counted = () =>
    joined(
      db
        .select({ one: sql`1` })
        .from(table as never)
        .$dynamic(),
    ).where(and(...conditions));
  const countRead =
    total === 'all'
      ? countAll(db, counted())
      : total === 'capped'
        ? countCapped(db, counted())
        : total.known().then(exactCount);
  // Asked for together: on PostgreSQL they run on two connections at once, and on PGlite they queue side by side, so
  // under load a list page waits for the database once here, not twice.
  const [rows, count] = await Promise.all([rowsRead, countRead]);
  return finishPage(
    rows,
    request,
    (row) => row.row.id,
    (row) => row.row,
    count,
  );
}

/** Days of a `from`/`to` filter start at midnight in the business time zone, the corporation's day. */
const dayStart = (day: string) => businessDayStartOf(day).toISOString();

/** `from`/`to` (both days included) on a timestamp column. */
export function timestampRange(column: AnyColumn | SQL, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= ${dayStart(from)}`);
  if (to) conditions.push(sql`${column} < ${dayStart(addCalendarDays(to, 1))}`);
  return conditions;
}

/** `from`/`to` (both days included) on a date column. */
export function dateRange(column: AnyColumn | SQL, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= ${from}`);
  if (to) conditions.push(sql`${column} <= ${to}`);
  return conditions;
}

/** The rows whose id one of `queries` answers. `q` over several indexed columns, some in other tables, is a UNION
 * ALL of one indexed lookup each: an OR across tables would make PostgreSQL read the whole table. */
export function idIn(id: AnyColumn, ...queries: SQL[]): SQL {
  return sql`${id} in (${sql.join(queries, sql` union all `)})`;
}

/** The search as a LIKE pattern for the human numbers (APP-, INV-, RCP-, ALT-), which are stored upper-cased:
 * LIKE is many times cheaper than ILIKE where the trigram index is not used. */
export const numberPattern = (search: string) => likePattern(search).toUpperCase();

/** Escapes `%`, `_` and `\` so a search is a plain, lower-cased substring in LIKE or ILIKE. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Writes the page's headers and returns its items, the array the route answers. */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page<T>,
  paging: { limit: number; offset: number; cursor?: string },
): T[] {
  reply.header(LIST_HEADERS.total, String(page.total));
  if (page.totalCapped) reply.header(LIST_HEADERS.totalCapped, 'true');
  if (page.nextCursor) reply.header(LIST_HEADERS.nextCursor, page.nextCursor);

  const [path, search = ''] = request.url.split('?', 2) as [string, string?];
  const linkTo = (change: Record<string, string | undefined>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) params.delete(key);
      else params.set(key, value);
    }
    return `<${path}?${params.toString()}>`;
  };
  const links: string[] = [];
  if (page.hasMore) {
    const nextOffset = paging.offset + paging.limit;
    links.push(
      `${
        !paging.cursor && nextOffset <= LIST_LIMITS.maxOffset
          ? linkTo({ offset: String(nextOffset), cursor: undefined })
          : linkTo({ cursor: page.nextCursor ?? undefined, offset: undefined })
      }; rel="next"`,
    );
  }
  if (!paging.cursor && paging.offset > 0) {
    links.push(`${linkTo({ offset: String(Math.max(0, paging.offset - paging.limit)) })}; rel="prev"`);
  }
  if (links.length) reply.header(LIST_HEADERS.link, links.join(', '));
  return page.items;
}
