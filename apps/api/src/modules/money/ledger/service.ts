/** The statement of account as JSON: the account, the period's opening and closing balance and sums, and one page of
 * its entries with the running balance (modules/money/rules/ledger.ts reads it; the PDF is in issued-documents). */
import type { Statement } from '@portal/contract';
import type { Database } from '../../../db/client';
import { unprocessable } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import {
  decodeStatementCursor,
  encodeStatementCursor,
  loadLedgerAccount,
  readStatement,
  type AccountOf,
} from '../rules/ledger';
import type { CurrentUser } from '../../../plugins/auth';

type Query = { from?: string; to?: string; limit: number; offset: number; cursor?: string };

/** The statement, and its entries as a page of the list protocol (for the headers). */
export async function statementOf(
  db: Database,
  user: CurrentUser,
  of: AccountOf,
  query: Query,
): Promise<{ statement: Statement; page: Page<Statement['entries'][number]> }> {
  const afterId = query.cursor === undefined ? undefined : decodeStatementCursor(query.cursor);
  if (query.cursor !== undefined && afterId === undefined) {
    throw unprocessable('The cursor is not valid: start again from the first page');
  }
  const ledger = await loadLedgerAccount(db, user, of);
  const { statement, total, hasMore } = await readStatement(
    db,
    ledger,
    { from: query.from, to: query.to },
    { limit: query.limit, offset: query.offset, afterId },
  );
  const last = statement.entries.at(-1);
  return {
    statement,
    page: {
      items: statement.entries,
      hasMore,
      nextCursor: hasMore && last ? encodeStatementCursor(last.id) : null,
      total,
      totalCapped: false,
    },
  };
}
