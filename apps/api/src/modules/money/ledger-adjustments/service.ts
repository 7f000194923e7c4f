/** Ledger adjustments with maker-checker (product decisions section 10, decision 016): a finance user prepares an
 * interest waiver on a late yearly dues invoice, a debit or credit with its reason, or the cancellation of an unpaid
 * invoice (decision 023); another finance user or an
 * admin approves or rejects it, never its maker (403 maker_cannot_check). The approval, in one transaction and only
 * while pending, posts the ledger entries; a waiver posts the interest accrued to that day and its waiver, and stops
 * interest on the invoice. The maker and the checker are in the audit trail (migration 0016). */
import {
  actorMay,
  DUES_INVOICE_TYPES,
  LEDGER_ADJUSTMENT_EVENTS,
  roundRupees,
  type AdjustmentKind,
  type LedgerAdjustment,
  type LedgerAdjustmentEventName,
  type LedgerAdjustmentListQuery,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { businessTodayIso } from '../../../core/dates';
import { conflict, forbidden, notFound } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { amountDueToday } from '../rules/payments';
import { cancelInvoice } from '../rules/invoice-cancellation';
import { verifyPaymentIfPaid } from '../../applications/rules/transition';
import { refreshWaitingOn } from '../../../case/waiting-on';
import { deliver, myPlotsLink } from '../../../lib/notify';
import type { CurrentUser } from '../../../plugins/auth';
import { findApplicantById } from '../../applications/repositories/applicants';
import { findApplicationById, lockApplication } from '../../../repositories/applications';
import { nextNumber } from '../../../repositories/counters';
import { findInvoiceById, type InvoiceRow } from '../../../repositories/invoices';
import {
  findLedgerAdjustmentById,
  insertLedgerAdjustment,
  postAdjustmentEntries,
  searchAdjustments,
  viewsOfAdjustments,
  waiveInvoiceInterestIfOpen,
  writeAdjustmentMove,
  type LedgerAdjustmentRow,
  type LedgerAdjustmentView,
} from '../repositories/ledger-adjustments';
import { activeUsersByIds } from '../../../repositories/notifications';
import { clock } from '../../../core/clock';
import { refuseMakerAsChecker } from '../../../core/maker-checker';
import { moveCase } from '../../../case/engine';

const NOT_FOUND = 'Adjustment not found';

export function toLedgerAdjustment(view: LedgerAdjustmentView): LedgerAdjustment {
  return {
    id: view.id,
    adjustment_number: view.adjustmentNumber,
    kind: view.kind,
    status: view.status,
    application_id: view.applicationId,
    application_number: view.applicationNumber,
    invoice_id: view.invoiceId,
    invoice_number: view.invoiceNumber,
    amount: view.amount,
    reason: view.reason,
    maker_id: view.makerId,
    maker_name: view.makerName,
    made_at: view.madeAt.toISOString(),
    checker_id: view.checkerId,
    checker_name: view.checkerName,
    checked_at: view.checkedAt ? view.checkedAt.toISOString() : null,
    rejection_reason: view.rejectionReason,
  };
}

async function answer(db: Database, row: LedgerAdjustmentRow): Promise<LedgerAdjustment> {
  const [view] = await viewsOfAdjustments(db, [row]);
  return toLedgerAdjustment(view!);
}

export async function listAdjustments(db: Database, query: LedgerAdjustmentListQuery): Promise<Page<LedgerAdjustment>> {
  const page = await searchAdjustments(db, query);
  return { ...page, items: page.items.map(toLedgerAdjustment) };
}

export async function getAdjustment(db: Database, id: string): Promise<LedgerAdjustment> {
  const row = await findLedgerAdjustmentById(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return answer(db, row);
}

/** The invoice a cancellation ends: unpaid (409 invoice_not_cancellable when paid or cancelled already). */
function cancellableAmount(invoice: InvoiceRow): number {
  if (invoice.status !== 'pending') {
    throw conflict(
      `Only an unpaid invoice can be cancelled; ${invoice.invoiceNumber} is ${invoice.status}`,
      'invoice_not_cancellable',
    );
  }
  return invoice.amount;
}

const isDues = (invoice: InvoiceRow) => (DUES_INVOICE_TYPES as readonly string[]).includes(invoice.invoiceType);

/** The interest a waiver would forgive today: a late, unpaid, not yet waived yearly dues invoice's (409 otherwise). */
function waivableInterest(invoice: InvoiceRow, today: string): number {
  const due = amountDueToday(invoice, today);
  if (!isDues(invoice) || invoice.status !== 'pending' || invoice.interestWaivedAt !== null || due.interest <= 0) {
    throw conflict(
      `Only a late, unpaid yearly dues invoice with interest accrued can have its interest waived; ${invoice.invoiceNumber} has none to waive`,
      'no_interest_to_waive',
    );
  }
  return due.interest;
}

/** The maker. A waiver's amount is the interest accrued today (the approval posts what has accrued by then). */
export async function prepareAdjustment(
  db: Database,
  user: CurrentUser,
  body: { application_id: string; kind: AdjustmentKind; invoice_id?: string; amount?: number; reason: string },
): Promise<LedgerAdjustment> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, body.application_id);
    if (!application) throw notFound('Application not found');
    let amount = roundRupees(body.amount ?? 0);
    let invoiceId: string | null = null;
    if (body.kind === 'interest_waiver' || body.kind === 'invoice_cancellation') {
      const invoice = body.invoice_id ? await findInvoiceById(tx, body.invoice_id) : undefined;
      if (!invoice || invoice.applicationId !== application.id) throw notFound('Invoice not found');
      amount =
        body.kind === 'interest_waiver' ? waivableInterest(invoice, businessTodayIso()) : cancellableAmount(invoice);
      invoiceId = invoice.id;
    }
    const inserted = await insertLedgerAdjustment(tx, {
      adjustmentNumber: await nextNumber(tx, 'adjustment'),
      applicationId: application.id,
      invoiceId,
      kind: body.kind,
      amount,
      reason: body.reason.trim(),
      makerId: user.id,
    });
    if (!inserted) {
      throw body.kind === 'invoice_cancellation'
        ? conflict('A cancellation of this invoice is already waiting for approval', 'invoice_not_cancellable')
        : conflict('A waiver of this invoice is already waiting for approval', 'adjustment_state');
    }
    return answer(tx, inserted);
  });
}

type AdjustmentValues = Parameters<typeof writeAdjustmentMove>[4];

/** Decides an adjustment (LEDGER_ADJUSTMENT_EVENTS) through the case engine in the caller's transaction: only a
 * pending one, by a checker who is not its maker. `values` gives what the decision records, or refuses it. */
function decideAdjustment(
  tx: Database,
  user: CurrentUser,
  adjustment: LedgerAdjustmentRow,
  event: LedgerAdjustmentEventName,
  values: () => Promise<AdjustmentValues>,
): Promise<LedgerAdjustmentRow> {
  return moveCase({
    table: LEDGER_ADJUSTMENT_EVENTS,
    event,
    from: adjustment.status,
    by: { mayFire: actorMay(LEDGER_ADJUSTMENT_EVENTS[event].by, user.role, false) },
    checks: {
      notAllowed: (from) =>
        conflict(`Only a pending adjustment can be decided; this one is ${from}`, 'adjustment_state'),
      forbidden: () => forbidden(),
      lostRace: () => conflict('The adjustment was decided at the same time', 'adjustment_state'),
      guard: () =>
        refuseMakerAsChecker(adjustment.makerId, user.id, 'adjustment', event === 'approve' ? 'approved' : 'decided'),
    },
    write: async (from, to) => writeAdjustmentMove(tx, adjustment.id, from, to, await values()),
  });
}

/** The holder the invoice is billed to (else the application's applicant) is told of an approved waiver. */
async function tellHolder(
  tx: Database,
  adjustment: LedgerAdjustmentRow,
  invoice: InvoiceRow,
  applicationNumber: string,
) {
  let userId = invoice.billedTo;
  if (!userId) {
    const application = await findApplicationById(tx, invoice.applicationId);
    const applicant = application && (await findApplicantById(tx, application.applicantId));
    userId = applicant?.userId ?? null;
  }
  if (!userId) return;
  await deliver(tx, await activeUsersByIds(tx, [userId]), {
    code: 'interest_waived',
    params: {
      application_number: applicationNumber,
      adjustment_number: adjustment.adjustmentNumber,
      invoice_number: invoice.invoiceNumber,
      amount: adjustment.amount,
    },
    link: myPlotsLink(),
    applicationId: invoice.applicationId,
  });
}

/** The checker: never the maker; only a pending adjustment. A waiver is approved for the interest accrued today, on
 * an invoice still unpaid and not waived (the application's lock keeps a payment out meanwhile). */
export async function approveAdjustment(db: Database, user: CurrentUser, id: string): Promise<LedgerAdjustment> {
  return db.transaction(async (tx) => {
    const found = await findLedgerAdjustmentById(tx, id);
    if (!found) throw notFound(NOT_FOUND);
    let invoice: InvoiceRow | undefined;
    const approved = await decideAdjustment(tx, user, found, 'approve', async () => {
      await lockApplication(tx, found.applicationId);
      let amount = found.amount;
      if (found.kind === 'interest_waiver' || found.kind === 'invoice_cancellation') {
        invoice = found.invoiceId ? await findInvoiceById(tx, found.invoiceId) : undefined;
        if (!invoice) throw notFound('Invoice not found');
        amount =
          found.kind === 'interest_waiver' ? waivableInterest(invoice, businessTodayIso()) : cancellableAmount(invoice);
      }
      return { checkerId: user.id, checkedAt: clock.now(), amount };
    });
    if (invoice && found.kind === 'invoice_cancellation') {
      await approveCancellation(tx, approved, invoice, user);
      return answer(tx, approved);
    }
    if (invoice) {
      const waived = await waiveInvoiceInterestIfOpen(tx, invoice.id, clock.now());
      if (!waived) throw conflict('The invoice was paid or waived at the same time', 'no_interest_to_waive');
    }
    await postAdjustmentEntries(tx, approved, { allotmentId: invoice?.allotmentId ?? null, postedBy: user.id });
    const result = await answer(tx, approved);
    if (invoice) await tellHolder(tx, approved, invoice, result.application_number);
    return result;
  });
}

/** The approved cancellation ends the invoice (modules/money/rules/invoice-cancellation.ts: its ledger credit, its challan) with
 * the maker's reason. An application waiting for payment with nothing left to pay is verified, as when its last
 * invoice is paid; otherwise whom it waits on is read again. */
async function approveCancellation(
  tx: Database,
  adjustment: LedgerAdjustmentRow,
  invoice: InvoiceRow,
  user: CurrentUser,
): Promise<void> {
  const cancelled = await cancelInvoice(tx, invoice, {
    reason: adjustment.reason,
    rule: null,
    postedBy: user.id,
    adjustmentId: adjustment.id,
  });
  if (!cancelled) throw conflict('The invoice was paid or cancelled at the same time', 'invoice_not_cancellable');
  const application = await findApplicationById(tx, invoice.applicationId);
  if (application && !(await verifyPaymentIfPaid(tx, application))) await refreshWaitingOn(tx, application);
}

export async function rejectAdjustment(
  db: Database,
  user: CurrentUser,
  id: string,
  reason: string,
): Promise<LedgerAdjustment> {
  return db.transaction(async (tx) => {
    const found = await findLedgerAdjustmentById(tx, id);
    if (!found) throw notFound(NOT_FOUND);
    const rejected = await decideAdjustment(tx, user, found, 'reject', async () => ({
      checkerId: user.id,
      checkedAt: clock.now(),
      rejectionReason: reason.trim(),
    }));
    return answer(tx, rejected);
  });
}
