/** Challans, bank statement imports and the settlement of bank credits (decision 016). A challan gives the payer the
 * corporation's account and the number to quote; an import reads the bank's statement in one transaction and pays
 * each invoice whose challan a credit quotes with the challan's amount; what it cannot match waits for a finance
 * user to settle (a maker prepares, another approves: never the same person) or set aside. Every payment goes
 * through recordInvoicePayment. */
import crypto from 'node:crypto';
import {
  actorMay,
  isApplicant,
  addCalendarDays,
  BANK_CREDIT_EVENTS,
  can,
  CHALLAN_VALID_DAYS,
  BANK_STATEMENT_MAX_ROWS,
  formatRupees,
  type BankCredit,
  type BankCreditEventName,
  type BankCreditListQuery,
  type BankCreditUnmatchedReason,
  type Challan,
  type ChallanListQuery,
  type StatementImport,
  type StatementImportListQuery,
  type StatementImportSummary,
  type StatementRow,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { businessTodayIso } from '../../../core/dates';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { loadVisibleChallan } from '../rules/challans';
import { amountDueToday, recordInvoicePayment, requirePayable } from '../rules/payments';
import { actorOf, type CurrentUser } from '../../../plugins/auth';
import { COLLECTION_ACCOUNT } from '../../../lib/collection-account';
import {
  findBankCreditById,
  insertBankCredit,
  knownBankReferences,
  searchBankCredits,
  setBankCreditPayment,
  viewsOfBankCredits,
  type BankCreditRow,
  type BankCreditView,
  writeBankCreditMove,
} from '../repositories/bank-credits';
import {
  findStatementImportById,
  findStatementImportBySha,
  importAmounts,
  insertStatementImport,
  searchStatementImports,
  setStatementImportReport,
  type StatementImportView,
} from '../repositories/bank-statement-imports';
import {
  cancelChallanIfOpen,
  findChallansByNumbers,
  findOpenChallanForInvoice,
  insertChallan,
  isInvoiceOwnedBy,
  markChallanPaidIfOpen,
  searchChallans,
  viewsOfChallans,
  type ChallanRow,
  type ChallanView,
} from '../repositories/challans';
import { nextNumber } from '../../../repositories/counters';
import { findInvoiceById, type InvoiceRow } from '../../../repositories/invoices';
import { parseStatement, type StatementLine } from './parse-statement';
import { refuseMakerAsChecker } from '../../../core/maker-checker';
import { moveCase } from '../../../case/engine';
import { clock } from '../../../core/clock';

export const INVOICE_NOT_FOUND = 'Invoice not found';
const CREDIT_NOT_FOUND = 'Bank credit not found';
const IMPORT_NOT_FOUND = 'Bank statement import not found';

// ---------- challans ----------

export function toChallan(view: ChallanView): Challan {
  return {
    id: view.id,
    challan_number: view.challanNumber,
    invoice_id: view.invoiceId,
    invoice_number: view.invoiceNumber,
    invoice_type: view.invoiceType,
    application_id: view.applicationId,
    application_number: view.applicationNumber,
    amount: view.amount,
    interest: view.interest,
    status: view.status,
    valid_until: view.validUntil,
    created_at: view.createdAt.toISOString(),
    paid_at: view.paidAt ? view.paidAt.toISOString() : null,
    account: COLLECTION_ACCOUNT,
  };
}

/** What the challan of an invoice asks if it is good until `validUntil`: the invoice's amount and, for late yearly
 * dues not waived, the interest on arrears counted to that day (so a transfer made while it is valid covers it). */
function challanAmount(invoice: InvoiceRow, validUntil: string) {
  const due = amountDueToday(invoice, validUntil);
  return { amount: due.total, interest: due.interest };
}

/** The invoice's open challan, or a new one: one open challan per invoice, kept while it is valid and its amount
 * still holds (a waiver of interest changes it), else cancelled and replaced. Only the invoice's owner raises one. */
export async function raiseChallan(db: Database, user: CurrentUser, invoiceId: string): Promise<ChallanView> {
  const invoice = await findInvoiceById(db, invoiceId);
  if (!invoice || !(await isInvoiceOwnedBy(db, invoice.id, user.id))) throw notFound(INVOICE_NOT_FOUND);
  requirePayable(invoice);
  const today = businessTodayIso();
  const row = await db.transaction(async (tx): Promise<ChallanRow> => {
    const open = await findOpenChallanForInvoice(tx, invoice.id);
    if (open) {
      const stillHolds = open.validUntil >= today && challanAmount(invoice, open.validUntil).amount === open.amount;
      if (stillHolds) return open;
      await cancelChallanIfOpen(tx, open.id);
    }
    const validUntil = addCalendarDays(today, CHALLAN_VALID_DAYS);
    const { amount, interest } = challanAmount(invoice, validUntil);
    const made = await insertChallan(tx, {
      challanNumber: await nextNumber(tx, 'challan'),
      invoiceId: invoice.id,
      applicationId: invoice.applicationId,
      amount,
      interest,
      createdBy: user.id,
      validUntil,
    });
    // Another request made the invoice's open challan at the same moment: that one is the challan.
    const raced = made ?? (await findOpenChallanForInvoice(tx, invoice.id));
    if (!raced) throw conflict('The challan was changed at the same time; please try again');
    return raced;
  });
  return (await viewsOfChallans(db, [row]))[0]!;
}

export async function listVisibleChallans(
  db: Database,
  user: CurrentUser,
  query: ChallanListQuery,
): Promise<Page<Challan>> {
  if (!isApplicant(user) && !can(user.role, 'read:finance')) throw forbidden();
  const page = await searchChallans(db, { ownerUserId: isApplicant(user) ? user.id : undefined, query });
  return { ...page, items: page.items.map(toChallan) };
}

export async function getChallan(db: Database, user: CurrentUser, id: string): Promise<Challan> {
  return toChallan(await loadVisibleChallan(db, user, id));
}

// ---------- bank statements ----------

function toSummary(
  view: StatementImportView,
  amounts?: { matched: number; unmatched: number },
): StatementImportSummary {
  const skipped = view.rows.filter((row) => row.outcome === 'debit').length;
  return {
    id: view.id,
    file_name: view.fileName,
    file_sha256: view.fileSha256,
    imported_by: view.importedBy,
    imported_by_name: view.importedByName,
    imported_at: view.importedAt.toISOString(),
    rows_total: view.rowsTotal,
    matched: view.matched,
    unmatched: view.unmatched,
    duplicates: view.duplicates,
    malformed: view.malformed,
    skipped,
    matched_amount: amounts?.matched ?? 0,
    unmatched_amount: amounts?.unmatched ?? 0,
  };
}

async function toStatementImport(db: Database, view: StatementImportView): Promise<StatementImport> {
  const amounts = await importAmounts(db, [view.id]);
  return { ...toSummary(view, amounts.get(view.id)), rows: view.rows };
}

export type ImportOutcome =
  { ok: true; report: StatementImport } | { ok: false; detail: string; earlier: StatementImport };

class AlreadyImported extends Error {}

const reportRow = (row: number, outcome: StatementRow['outcome'], rest: Partial<StatementRow> = {}): StatementRow => ({
  row,
  outcome,
  code: null,
  field: null,
  bank_reference: null,
  value_date: null,
  amount: null,
  challan_number: null,
  invoice_number: null,
  bank_credit_id: null,
  ...rest,
});

/** Why a credit quoting `challan` does not pay it, or null when it does. */
function unmatchedReason(
  credit: { amount: number; valueDate: string },
  challan: ChallanRow | undefined,
  quoted: string | null,
): BankCreditUnmatchedReason | null {
  if (!quoted) return 'no_reference';
  if (!challan) return 'unknown_reference';
  if (challan.status !== 'open') return 'challan_not_open';
  if (credit.amount !== challan.amount) return 'amount_mismatch';
  if (credit.valueDate > challan.validUntil) return 'challan_expired';
  return null;
}

/** Imports a statement in one transaction: all of its lines or none. The same file again (its SHA-256) changes
 * nothing and answers the earlier import; a credit whose bank reference is on record is a duplicate and changes
 * nothing; a line that cannot be read is reported and not imported. */
export async function importBankStatement(
  db: Database,
  user: CurrentUser,
  file: { name: string; bytes: Buffer; text: string },
): Promise<ImportOutcome> {
  const sha256 = crypto.createHash('sha256').update(file.bytes).digest('hex');
  const earlierOutcome = async (): Promise<ImportOutcome> => {
    const earlier = await findStatementImportBySha(db, sha256);
    if (!earlier) throw conflict('The statement was imported at the same time; please try again');
    return {
      ok: false,
      detail: `This statement was imported already, on ${earlier.importedAt.toISOString().slice(0, 10)} (${earlier.fileName}): nothing was changed`,
      earlier: await toStatementImport(db, earlier),
    };
  };
  if (await findStatementImportBySha(db, sha256)) return earlierOutcome();

  const parsed = parseStatement(file.text);
  if (!parsed.ok) throw unprocessable(parsed.detail);
  if (parsed.lines.length === 0) throw unprocessable('The statement has no transactions under its header');
  if (parsed.lines.length > BANK_STATEMENT_MAX_ROWS) {
    throw unprocessable(`A statement may have at most ${BANK_STATEMENT_MAX_ROWS} lines; split it by period`);
  }

  const actor = actorOf(user);
  let imported: StatementImportView | undefined;
  try {
    imported = await db.transaction(async (tx) => {
      const created = await insertStatementImport(tx, {
        fileName: file.name,
        fileSha256: sha256,
        importedBy: user.id,
        rowsTotal: parsed.lines.length,
        matched: 0,
        unmatched: 0,
        duplicates: 0,
        malformed: 0,
        rows: [],
      });
      if (!created) throw new AlreadyImported();

      const credits = parsed.lines.filter(
        (line): line is Extract<StatementLine, { kind: 'credit' | 'debit' }> => line.kind === 'credit',
      );
      const known = await knownBankReferences(
        tx,
        credits.map((line) => line.reference),
      );
      const challanByNumber = new Map(
        (
          await findChallansByNumbers(tx, [
            ...new Set(credits.map((line) => line.quoted).filter((quoted): quoted is string => quoted !== null)),
          ])
        ).map((challan) => [challan.challanNumber, challan]),
      );

      const rows: StatementRow[] = [];
      const counts = { matched: 0, unmatched: 0, duplicates: 0, malformed: 0 };
      for (const line of parsed.lines) {
        if (line.kind === 'malformed') {
          counts.malformed++;
          rows.push(
            reportRow(line.line, 'malformed', { code: line.code, field: line.field, bank_reference: line.reference }),
          );
          continue;
        }
        const facts = {
          bank_reference: line.reference || null,
          value_date: line.valueDate,
          amount: line.amount,
          challan_number: line.quoted,
        };
        if (line.kind === 'debit') {
          rows.push(reportRow(line.line, 'debit', facts));
          continue;
        }
        if (known.has(line.reference)) {
          counts.duplicates++;
          rows.push(reportRow(line.line, 'duplicate', facts));
          continue;
        }
        const challan = line.quoted ? challanByNumber.get(line.quoted) : undefined;
        let reason = unmatchedReason(line, challan, line.quoted);
        let invoice: InvoiceRow | undefined;
        if (!reason && challan) {
          invoice = await findInvoiceById(tx, challan.invoiceId);
          if (!invoice || invoice.status !== 'pending') reason = 'invoice_paid';
        }
        const credit = await insertBankCredit(tx, {
          importId: created.id,
          bankReference: line.reference,
          valueDate: line.valueDate,
          amount: line.amount,
          narration: line.description,
          quotedReference: line.quoted,
          status: reason ? 'unmatched' : 'matched',
          unmatchedReason: reason,
          challanId: reason ? null : challan!.id,
        });
        if (!credit) {
          // The same reference twice in this file, or imported by another file at the same moment.
          counts.duplicates++;
          rows.push(reportRow(line.line, 'duplicate', facts));
          continue;
        }
        known.add(line.reference);
        if (reason || !challan || !invoice) {
          counts.unmatched++;
          rows.push(reportRow(line.line, 'unmatched', { ...facts, code: reason, bank_credit_id: credit.id }));
          continue;
        }
        const paidChallan = await markChallanPaidIfOpen(tx, challan.id);
        if (!paidChallan) throw conflict('A challan was paid at the same time; please import the statement again');
        challanByNumber.set(challan.challanNumber, paidChallan);
        const payment = await recordInvoicePayment(tx, actor, {
          invoice,
          interest: challan.interest,
          method: 'neft_rtgs',
          reference: line.reference,
          paidBy: challan.createdBy,
          bankCreditId: credit.id,
        });
        await setBankCreditPayment(tx, credit.id, payment.id);
        counts.matched++;
        rows.push(
          reportRow(line.line, 'matched', {
            ...facts,
            invoice_number: invoice.invoiceNumber,
            bank_credit_id: credit.id,
          }),
        );
      }
      await setStatementImportReport(tx, created.id, { rowsTotal: parsed.lines.length, ...counts, rows });
      return (await findStatementImportById(tx, created.id))!;
    });
  } catch (error) {
    if (error instanceof AlreadyImported) return earlierOutcome();
    throw error;
  }
  return { ok: true, report: await toStatementImport(db, imported) };
}

export async function listStatementImports(
  db: Database,
  query: StatementImportListQuery,
): Promise<Page<StatementImportSummary>> {
  const page = await searchStatementImports(db, query);
  const amounts = await importAmounts(
    db,
    page.items.map((item) => item.id),
  );
  return { ...page, items: page.items.map((item) => toSummary(item, amounts.get(item.id))) };
}

export async function getStatementImport(db: Database, id: string): Promise<StatementImport> {
  const view = await findStatementImportById(db, id);
  if (!view) throw notFound(IMPORT_NOT_FOUND);
  return toStatementImport(db, view);
}

// ---------- bank credits ----------

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toBankCredit(view: BankCreditView): BankCredit {
  return {
    id: view.id,
    import_id: view.importId,
    bank_reference: view.bankReference,
    value_date: view.valueDate,
    amount: view.amount,
    narration: view.narration,
    quoted_reference: view.quotedReference,
    status: view.status,
    unmatched_reason: view.unmatchedReason as BankCreditUnmatchedReason | null,
    challan_id: view.challanId,
    payment_id: view.paymentId,
    settle_invoice_id: view.settleInvoiceId,
    settle_invoice_number: view.settleInvoiceNumber,
    settle_note: view.settleNote,
    settle_prepared_by: view.settlePreparedBy,
    settle_prepared_by_name: view.settlePreparedByName,
    settle_prepared_at: iso(view.settlePreparedAt),
    settle_approved_by: view.settleApprovedBy,
    settle_approved_by_name: view.settleApprovedByName,
    settle_approved_at: iso(view.settleApprovedAt),
    settle_rejected_at: iso(view.settleRejectedAt),
    settle_rejected_reason: view.settleRejectedReason,
    set_aside_by_name: view.setAsideByName,
    set_aside_at: iso(view.setAsideAt),
    set_aside_reason: view.setAsideReason,
    created_at: view.createdAt.toISOString(),
  };
}

async function answer(db: Database, row: BankCreditRow): Promise<BankCredit> {
  return toBankCredit((await viewsOfBankCredits(db, [row]))[0]!);
}

export async function listBankCredits(db: Database, query: BankCreditListQuery): Promise<Page<BankCredit>> {
  const page = await searchBankCredits(db, query);
  return { ...page, items: page.items.map(toBankCredit) };
}

export async function getBankCredit(db: Database, id: string): Promise<BankCredit> {
  const row = await findBankCreditById(db, id);
  if (!row) throw notFound(CREDIT_NOT_FOUND);
  return answer(db, row);
}

type BankCreditValues = Parameters<typeof writeBankCreditMove>[4];

/** Fires a credit's event (BANK_CREDIT_EVENTS) through the case engine in the caller's transaction: its status, the
 * user's role and, for a checker's decision, a maker who is not the checker (the write also requires the settlement
 * still to be that maker's). `values` gives what the move records, or refuses it. */
function moveBankCredit(
  tx: Database,
  user: CurrentUser,
  credit: BankCreditRow,
  event: BankCreditEventName,
  values: () => BankCreditValues | Promise<BankCreditValues>,
): Promise<BankCreditRow> {
  const wanted = BANK_CREDIT_EVENTS[event].from[0] === 'unmatched' ? 'unmatched' : 'waiting for approval';
  const checked = (BANK_CREDIT_EVENTS[event].guards as readonly string[]).includes('not_the_maker');
  return moveCase({
    table: BANK_CREDIT_EVENTS,
    event,
    from: credit.status,
    by: { mayFire: actorMay(BANK_CREDIT_EVENTS[event].by, user.role, false) },
    checks: {
      notAllowed: (from) =>
        conflict(`The bank credit is ${from.replace('_', ' ')}, not ${wanted}`, 'bank_credit_state'),
      forbidden: () => forbidden(),
      lostRace: () =>
        conflict(
          checked ? 'The settlement was decided at the same time' : 'The bank credit was changed at the same time',
          'bank_credit_state',
        ),
      guard: () =>
        refuseMakerAsChecker(
          credit.settlePreparedBy,
          user.id,
          'settlement',
          event === 'approve_settlement' ? 'approved' : 'decided',
        ),
    },
    write: async (from, to) =>
      writeBankCreditMove(tx, credit.id, from, to, await values(), checked ? credit.settlePreparedBy! : undefined),
  });
}

/** What a credit pays of an invoice: the invoice's amount and interest on arrears to the day the money arrived.
 * A settlement must take the invoice whole (no part payments). */
function settlementOf(invoice: InvoiceRow, credit: BankCreditRow) {
  const due = amountDueToday(invoice, credit.valueDate);
  if (due.total !== credit.amount) {
    throw new HttpError(
      422,
      `The invoice ${invoice.invoiceNumber} asks ${formatRupees(due.total)}, the credit brought ${formatRupees(credit.amount)}`,
      'settlement_amount_mismatch',
    );
  }
  return due;
}

/** The maker: an unmatched credit is to pay this invoice, once another approves. */
export async function prepareSettlement(
  db: Database,
  user: CurrentUser,
  id: string,
  body: { invoice_id: string; note: string },
): Promise<BankCredit> {
  return db.transaction(async (tx) => {
    const credit = await findBankCreditById(tx, id);
    if (!credit) throw notFound(CREDIT_NOT_FOUND);
    const prepared = await moveBankCredit(tx, user, credit, 'prepare_settlement', async () => {
      const invoice = await findInvoiceById(tx, body.invoice_id);
      if (!invoice) throw notFound(INVOICE_NOT_FOUND);
      requirePayable(invoice);
      settlementOf(invoice, credit);
      return {
        settleInvoiceId: invoice.id,
        settleNote: body.note,
        settlePreparedBy: user.id,
        settlePreparedAt: clock.now(),
      };
    });
    return answer(tx, prepared);
  });
}

/** The checker: never the maker (403 maker_cannot_check). Settles the credit and pays the invoice, once: of two
 * approvals at the same moment one finds the credit no longer pending (409). */
export async function approveSettlement(db: Database, user: CurrentUser, id: string): Promise<BankCredit> {
  return db.transaction(async (tx) => {
    const credit = await findBankCreditById(tx, id);
    if (!credit) throw notFound(CREDIT_NOT_FOUND);
    const settled = await moveBankCredit(tx, user, credit, 'approve_settlement', () => ({
      settleApprovedBy: user.id,
      settleApprovedAt: clock.now(),
    }));
    const invoice = await findInvoiceById(tx, credit.settleInvoiceId!);
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    if (invoice.status === 'paid') {
      throw conflict('The invoice was paid another way meanwhile: reject this settlement', 'invoice_already_paid');
    }
    requirePayable(invoice);
    const due = settlementOf(invoice, credit);
    const payment = await recordInvoicePayment(tx, actorOf(user), {
      invoice,
      interest: due.interest,
      method: 'neft_rtgs',
      reference: credit.bankReference,
      paidBy: user.id,
      bankCreditId: credit.id,
    });
    await setBankCreditPayment(tx, credit.id, payment.id);
    return answer(tx, { ...settled, paymentId: payment.id });
  });
}

export async function rejectSettlement(
  db: Database,
  user: CurrentUser,
  id: string,
  reason: string,
): Promise<BankCredit> {
  return db.transaction(async (tx) => {
    const credit = await findBankCreditById(tx, id);
    if (!credit) throw notFound(CREDIT_NOT_FOUND);
    const rejected = await moveBankCredit(tx, user, credit, 'reject_settlement', () => ({
      settleInvoiceId: null,
      settleNote: null,
      settlePreparedBy: null,
      settlePreparedAt: null,
      settleRejectedBy: user.id,
      settleRejectedAt: clock.now(),
      settleRejectedReason: reason,
    }));
    return answer(tx, rejected);
  });
}

/** Sets an unmatched credit aside as not the corporation's money (a credit to the wrong account, which the bank
 * reverses). It moves no money in the portal and forgives nothing, so it needs no checker; its maker and reason are
 * kept and audited. */
export async function setAsideCredit(db: Database, user: CurrentUser, id: string, reason: string): Promise<BankCredit> {
  return db.transaction(async (tx) => {
    const credit = await findBankCreditById(tx, id);
    if (!credit) throw notFound(CREDIT_NOT_FOUND);
    const setAside = await moveBankCredit(tx, user, credit, 'set_aside', () => ({
      setAsideBy: user.id,
      setAsideAt: clock.now(),
      setAsideReason: reason,
    }));
    return answer(tx, setAside);
  });
}
