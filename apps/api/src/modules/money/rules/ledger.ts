/** The statement of account and the no-dues rule, shared by the ledger module (the statement as JSON) and the issued
 * documents (the statement's PDF and the no-dues certificate). Who may read a statement: the application's applicant,
 * the allotment's holder now (a previous holder no longer reads the allotment's account), and staff who read finance;
 * anyone else gets 404 (an entrepreneur) or 403 (staff without read:finance). */
import { isApplicant, businessDay, can, formatRupees, type Statement, type StatementAccount } from '@portal/contract';
import type { Database } from '../../../db/client';
import type { CurrentUser } from '../../../case/actor';
import { loadVisibleAllotment, loadVisibleApplication } from '../../../case/access';
import { CALENDAR } from '../../../core/business-calendar';
import { forbidden, HttpError } from '../../../core/http-error';
import { findActiveAllotmentOfApplication, type AllotmentRow } from '../../../repositories/allotments';
import { findApplicantById, findApplicantByUserId } from '../../applications/repositories/applicants';
import { findApplicationById, type ApplicationRow } from '../../../repositories/applications';
import { findAssetById } from '../../../repositories/assets';
import {
  accountStanding,
  ledgerLines,
  ledgerSummary,
  type LedgerLine,
  type LedgerPeriod,
} from '../repositories/ledger-entries';
import { clock } from '../../../core/clock';

export type AccountOf = { kind: 'application' | 'allotment'; id: string };

/** An account the caller may read, with what its statement is headed with. */
export interface LedgerAccount {
  applicationId: string;
  application: ApplicationRow;
  allotment: AllotmentRow | undefined;
  /** The holder's user: the allotment's holder now, or the applicant. */
  holderUserId: string;
  account: StatementAccount;
}

function requireFinanceReader(user: CurrentUser): void {
  if (!isApplicant(user) && !can(user.role, 'read:finance')) throw forbidden();
}

export async function loadLedgerAccount(db: Database, user: CurrentUser, of: AccountOf): Promise<LedgerAccount> {
  requireFinanceReader(user);
  let application: ApplicationRow;
  let allotment: AllotmentRow | undefined;
  if (of.kind === 'allotment') {
    allotment = await loadVisibleAllotment(db, user, of.id);
    const found = await findApplicationById(db, allotment.applicationId);
    if (!found) throw new Error('The allotment has no application');
    application = found;
  } else {
    application = await loadVisibleApplication(db, user, of.id);
    allotment = await findActiveAllotmentOfApplication(db, application.id);
  }
  const applicant = await findApplicantById(db, application.applicantId);
  const holderApplicant = allotment ? await findApplicantByUserId(db, allotment.holderUserId) : applicant;
  const asset = await findAssetById(db, allotment?.assetId ?? application.assetId);
  return {
    applicationId: application.id,
    application,
    allotment,
    holderUserId: allotment?.holderUserId ?? applicant?.userId ?? '',
    account: {
      application_id: application.id,
      application_number: application.applicationNumber,
      allotment_id: allotment?.id ?? null,
      allotment_number: allotment?.allotmentNumber ?? null,
      holder_name: holderApplicant?.organizationName ?? applicant?.organizationName ?? '',
      asset_code: asset?.assetCode ?? null,
    },
  };
}

export const toStatementEntry = (line: LedgerLine): Statement['entries'][number] => ({
  id: line.id,
  posted_at: line.postedAt.toISOString(),
  entry_type: line.entryType,
  reference: line.reference,
  debit: line.debit,
  credit: line.credit,
  balance: line.balance,
});

/** The statement's head and one page of its entries (the page's cursor: the last entry's id). */
export async function readStatement(
  db: Database,
  ledger: LedgerAccount,
  period: LedgerPeriod,
  page: { limit: number; offset: number; afterId?: number },
): Promise<{ statement: Statement; total: number; hasMore: boolean }> {
  const [summary, lines, standing] = await Promise.all([
    ledgerSummary(db, ledger.applicationId, period),
    ledgerLines(db, ledger.applicationId, period, { ...page, limit: page.limit + 1 }),
    accountStanding(db, ledger.applicationId),
  ]);
  const hasMore = lines.length > page.limit;
  return {
    statement: {
      account: ledger.account,
      from: period.from ?? null,
      to: period.to ?? null,
      opening_balance: summary.opening,
      closing_balance: summary.closing,
      total_debit: summary.totalDebit,
      total_credit: summary.totalCredit,
      current_balance: standing.balance,
      unpaid_invoices: standing.unpaidInvoices,
      entry_count: summary.count,
      entries: (hasMore ? lines.slice(0, page.limit) : lines).map(toStatementEntry),
    },
    total: summary.count,
    hasMore,
  };
}

/** A period's every entry, for the PDF (a few hundred for a decades-old plot; read a page at a time). */
export async function allStatementLines(
  db: Database,
  applicationId: string,
  period: LedgerPeriod,
): Promise<LedgerLine[]> {
  const all: LedgerLine[] = [];
  for (;;) {
    const batch = await ledgerLines(db, applicationId, period, {
      limit: 500,
      offset: 0,
      afterId: all.at(-1)?.id ?? 0,
    });
    all.push(...batch);
    if (batch.length < 500) return all;
  }
}

/** The statement's cursor: the last entry's id, opaque to the client. */
export function encodeStatementCursor(lastId: number): string {
  return Buffer.from(JSON.stringify(['ledger', lastId])).toString('base64url');
}

export function decodeStatementCursor(cursor: string): number | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value[0] === 'ledger' && Number.isSafeInteger(value[1]) && value[1] >= 0) {
      return value[1] as number;
    }
  } catch {
    // answered below
  }
  return undefined;
}

/** 409 dues_outstanding unless the account's balance is exactly zero and none of its invoices is unpaid. Answers the
 * day the account stands clear and when it was last posted to. */
export async function requireNoDues(
  db: Database,
  applicationId: string,
  now = clock.now(),
): Promise<{ asOn: string; lastPostedAt: Date | null }> {
  const standing = await accountStanding(db, applicationId);
  if (standing.balanceText !== '0.00' || standing.unpaidInvoices > 0) {
    throw new HttpError(
      409,
      standing.unpaidInvoices > 0
        ? `Dues are outstanding: ${standing.unpaidInvoices} invoice(s) unpaid, balance ${formatRupees(standing.balanceText)}`
        : `Dues are outstanding: the balance of the account is ${formatRupees(standing.balanceText)}`,
      'dues_outstanding',
      { refusal: { reason: 'dues_outstanding', params: { amount: standing.balanceText } } },
    );
  }
  return { asOn: businessDay(now, CALENDAR), lastPostedAt: standing.lastPostedAt };
}
