/** Refunds with maker-checker (decision 016, product decisions section 10): the refunds due by rule, prepared by one
 * finance user with the amount the rule computes, approved by another finance user or an admin (never the maker)
 * once the payee's bank details are verified, paid with the bank's reference (UTR); each step a conditional update
 * in one transaction, posted to the ledger and told to the payee. And the finance user's verification of an
 * applicant's bank details, which a change of them clears. */
import {
  actorMay,
  isApplicant,
  businessDay,
  can,
  REFUND_EVENTS,
  maskBankAccount,
  type BankVerification,
  type DueRefundKind,
  type Refund,
  type RefundDue,
  type RefundDueListQuery,
  type RefundEventName,
  type RefundListQuery,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { CALENDAR } from '../../../core/business-calendar';
import { badRequest, conflict, forbidden, notFound } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { applicantLink, deliver } from '../../../lib/notify';
import type { CurrentUser } from '../../../plugins/auth';
import {
  findApplicantById,
  findApplicantByUserId,
  markBankVerified,
  type ApplicantRow,
} from '../../applications/repositories/applicants';
import { lockApplication } from '../../../repositories/applications';
import { nextNumber } from '../../../repositories/counters';
import { activeUsersByIds } from '../../../repositories/notifications';
import {
  findDueRefund,
  findRefundById,
  findRefundByUtr,
  insertRefund,
  postRefundEntry,
  searchDueRefunds,
  searchRefunds,
  viewsOfRefunds,
  type DueRefundRow,
  type RefundRow,
  type RefundView,
  writeRefundMove,
} from '../repositories/refunds';
import { moveCase } from '../../../case/engine';
import { clock } from '../../../core/clock';
import { refuseMakerAsChecker } from '../../../core/maker-checker';
import { businessDayStartOf, businessTodayIso } from '../../../core/dates';

const REFUND_NOT_FOUND = 'Refund not found';
const APPLICANT_NOT_FOUND = 'Applicant not found';

export function toRefundDue(row: DueRefundRow): RefundDue {
  return {
    kind: row.kind,
    application_id: row.applicationId,
    application_number: row.applicationNumber,
    allotment_id: row.allotmentId,
    allotment_number: row.allotmentNumber,
    reason: row.reason,
    amount: row.amount,
    payee_user_id: row.payeeUserId,
    payee_name: row.payeeName,
    applicant_id: row.applicantId,
    organization_name: row.organizationName,
    bank_verified: row.bankVerified,
    due_since: row.dueSince.toISOString(),
  };
}

export function toRefund(view: RefundView): Refund {
  // From approval on, the account it was sent to; before, the payee's profile account as it stands.
  const bank = view.bankAccount
    ? {
        bank_name: view.bankName ?? '',
        bank_account_masked: maskBankAccount(view.bankAccount),
        bank_ifsc: view.bankIfsc ?? '',
        verified_at: view.approvedAt ? view.approvedAt.toISOString() : null,
      }
    : view.profileBank
      ? {
          bank_name: view.profileBank.bankName,
          bank_account_masked: maskBankAccount(view.profileBank.bankAccount),
          bank_ifsc: view.profileBank.bankIfsc,
          verified_at: view.profileBank.verifiedAt ? view.profileBank.verifiedAt.toISOString() : null,
        }
      : null;
  return {
    id: view.id,
    refund_number: view.refundNumber,
    kind: view.kind,
    status: view.status,
    amount: view.amount,
    application_id: view.applicationId,
    application_number: view.applicationNumber,
    allotment_id: view.allotmentId,
    allotment_number: view.allotmentNumber,
    applicant_id: view.applicantId,
    payee_user_id: view.payeeUserId,
    payee_name: view.payeeName,
    organization_name: view.organizationName,
    note: view.note,
    prepared_by: view.preparedBy,
    prepared_by_name: view.preparedByName,
    prepared_at: view.preparedAt.toISOString(),
    approved_by: view.approvedBy,
    approved_by_name: view.approvedByName,
    approved_at: view.approvedAt ? view.approvedAt.toISOString() : null,
    rejected_by: view.rejectedBy,
    rejected_at: view.rejectedAt ? view.rejectedAt.toISOString() : null,
    rejection_reason: view.rejectionReason,
    paid_by: view.paidBy,
    paid_at: view.paidAt ? view.paidAt.toISOString() : null,
    utr: view.utr,
    bank,
  };
}

async function answer(db: Database, row: RefundRow): Promise<Refund> {
  const [view] = await viewsOfRefunds(db, [row]);
  return toRefund(view!);
}

type RefundValues = Parameters<typeof writeRefundMove>[4];

/** Fires a refund's event (REFUND_EVENTS) through the case engine in the caller's transaction: its status, the
 * user's role, the maker who may not check it, and for an approval the payee's verified bank details, whose account
 * `values` receives to keep with the refund. `values` may refuse what the move records (after the table's checks). */
async function moveRefund(
  tx: Database,
  user: CurrentUser,
  refund: RefundRow,
  event: RefundEventName,
  values: (payee?: ApplicantRow) => RefundValues | Promise<RefundValues>,
): Promise<RefundRow> {
  let payee: ApplicantRow | undefined;
  return moveCase({
    table: REFUND_EVENTS,
    event,
    from: refund.status,
    by: { mayFire: actorMay(REFUND_EVENTS[event].by, user.role, false) },
    checks: {
      notAllowed: (from) =>
        conflict(`Only a ${REFUND_EVENTS[event].from[0]} refund can do this; this one is ${from}`, 'refund_state'),
      forbidden: () => forbidden(),
      lostRace: () => conflict('The refund was changed by someone else at the same time', 'refund_state'),
      async guard(guard) {
        if (guard === 'not_the_maker') {
          refuseMakerAsChecker(refund.preparedBy, user.id, 'refund', event === 'approve' ? 'approved' : 'decided');
          return;
        }
        payee = await findApplicantByUserId(tx, refund.payeeUserId);
        if (!payee?.bankVerifiedAt) {
          throw conflict(
            "The payee's bank details are not verified: verify them before approving the refund",
            'bank_not_verified',
          );
        }
      },
    },
    write: async (from, to) => writeRefundMove(tx, refund.id, from, to, await values(payee)),
  });
}

export async function listDueRefunds(db: Database, query: RefundDueListQuery): Promise<Page<RefundDue>> {
  const page = await searchDueRefunds(db, query);
  return { ...page, items: page.items.map(toRefundDue) };
}

/** Finance sees every refund; an entrepreneur only those paid to them. */
export async function listRefunds(db: Database, user: CurrentUser, query: RefundListQuery): Promise<Page<Refund>> {
  if (isApplicant(user)) {
    const page = await searchRefunds(db, { payeeUserId: user.id, query });
    return { ...page, items: page.items.map(toRefund) };
  }
  if (!can(user.role, 'read:finance')) throw forbidden();
  const page = await searchRefunds(db, { query });
  return { ...page, items: page.items.map(toRefund) };
}

export async function getRefund(db: Database, user: CurrentUser, id: string): Promise<Refund> {
  const refund = await findRefundById(db, id);
  if (!refund) throw notFound(REFUND_NOT_FOUND);
  if (isApplicant(user) && refund.payeeUserId !== user.id) throw notFound(REFUND_NOT_FOUND);
  if (!isApplicant(user) && !can(user.role, 'read:finance')) throw forbidden();
  return answer(db, refund);
}

/** The maker: prepares the refund the rules say is due, for the amount they compute (never one from the request),
 * to the applicant (an EMD) or the holder who gave the plot up (a surrender). Under the application's row lock, so
 * two makers at once prepare it once (the other answers 409). */
export async function prepareRefund(
  db: Database,
  user: CurrentUser,
  body: { application_id: string; kind: DueRefundKind; note?: string },
): Promise<Refund> {
  return db.transaction(async (tx) => {
    const application = await lockApplication(tx, body.application_id);
    if (!application) throw notFound('Application not found');
    const due = await findDueRefund(tx, body.application_id, body.kind);
    if (!due) {
      throw conflict(
        body.kind === 'emd'
          ? 'No EMD refund is due on this application: it must be rejected or withdrawn with its EMD paid, and not refunded already'
          : 'No surrender refund is due on this application: its allotment must be surrendered with a refund due, and not refunded already',
        'refund_state',
      );
    }
    const inserted = await insertRefund(tx, {
      refundNumber: await nextNumber(tx, 'refund'),
      applicationId: due.applicationId,
      allotmentId: due.allotmentId,
      payeeUserId: due.payeeUserId,
      kind: due.kind,
      amount: due.amount,
      note: body.note?.trim() || null,
      preparedBy: user.id,
    });
    if (!inserted) throw conflict('A refund of this kind was prepared at the same time', 'refund_state');
    return answer(tx, inserted);
  });
}

async function tellPayee(
  tx: Database,
  refund: RefundRow,
  code: 'refund_approved' | 'refund_paid',
  extra: Record<string, string>,
): Promise<void> {
  const recipients = await activeUsersByIds(tx, [refund.payeeUserId]);
  const [view] = await viewsOfRefunds(tx, [refund]);
  await deliver(tx, recipients, {
    code,
    params: {
      refund_number: refund.refundNumber,
      kind: refund.kind,
      amount: refund.amount,
      application_number: view?.applicationNumber ?? null,
      ...extra,
    },
    link: applicantLink(refund.applicationId),
    applicationId: refund.applicationId,
  });
}

/** The checker: never the maker (403 maker_cannot_check); the payee's bank details must be verified (409
 * bank_not_verified). Keeps the account it is to be paid to, posts the amount owed back to the ledger and tells the
 * payee. Of two approvals at once one wins; the other finds it no longer prepared (409). */
export async function approveRefund(db: Database, user: CurrentUser, id: string): Promise<Refund> {
  return db.transaction(async (tx) => {
    const refund = await findRefundById(tx, id);
    if (!refund) throw notFound(REFUND_NOT_FOUND);
    const approved = await moveRefund(tx, user, refund, 'approve', (payee) => ({
      approvedBy: user.id,
      approvedAt: clock.now(),
      bankName: payee!.bankName,
      bankAccount: payee!.bankAccount,
      bankIfsc: payee!.bankIfsc,
    }));
    await postRefundEntry(tx, approved, { type: 'refund_due', postedBy: user.id, reference: approved.refundNumber });
    await tellPayee(tx, approved, 'refund_approved', {});
    return answer(tx, approved);
  });
}

export async function rejectRefund(db: Database, user: CurrentUser, id: string, reason: string): Promise<Refund> {
  return db.transaction(async (tx) => {
    const refund = await findRefundById(tx, id);
    if (!refund) throw notFound(REFUND_NOT_FOUND);
    const rejected = await moveRefund(tx, user, refund, 'reject', () => ({
      rejectedBy: user.id,
      rejectedAt: clock.now(),
      rejectionReason: reason,
    }));
    return answer(tx, rejected);
  });
}

/** Records the bank's payment of an approved refund: its UTR (unique: 409 utr_already_used if another refund has
 * it) and the day; posts the refund paid out to the ledger and tells the payee, with the UTR. */
export async function markRefundPaid(
  db: Database,
  user: CurrentUser,
  id: string,
  body: { utr: string; paid_on: string },
): Promise<Refund> {
  const today = businessTodayIso();
  if (body.paid_on > today) throw badRequest('The day it was paid cannot be in the future');
  return db.transaction(async (tx) => {
    const refund = await findRefundById(tx, id);
    if (!refund) throw notFound(REFUND_NOT_FOUND);
    const paid = await moveRefund(tx, user, refund, 'mark_paid', async () => {
      const approvedOn = refund.approvedAt ? businessDay(refund.approvedAt, CALENDAR) : today;
      if (body.paid_on < approvedOn) throw badRequest('The day it was paid cannot be before the refund was approved');
      if (await findRefundByUtr(tx, body.utr))
        throw conflict('This bank reference (UTR) is already recorded on another refund', 'utr_already_used');
      return { paidBy: user.id, paidAt: businessDayStartOf(body.paid_on), utr: body.utr };
    });
    await postRefundEntry(tx, paid, { type: 'refund', postedBy: user.id, reference: body.utr });
    await tellPayee(tx, paid, 'refund_paid', { utr: body.utr, paid_on: body.paid_on });
    return answer(tx, paid);
  });
}

export async function getBankVerification(db: Database, applicantId: string): Promise<BankVerification> {
  const applicant = await findApplicantById(db, applicantId);
  if (!applicant) throw notFound(APPLICANT_NOT_FOUND);
  return {
    applicant_id: applicant.id,
    bank_name: applicant.bankName,
    bank_account_masked: maskBankAccount(applicant.bankAccount),
    bank_ifsc: applicant.bankIfsc,
    verified_at: applicant.bankVerifiedAt ? applicant.bankVerifiedAt.toISOString() : null,
    verified_by: applicant.bankVerifiedBy,
  };
}

/** A finance user marks the applicant's bank details, as they stand now, verified for refunds. */
export async function verifyBankDetails(
  db: Database,
  user: CurrentUser,
  applicantId: string,
): Promise<BankVerification> {
  return db.transaction(async (tx) => {
    const applicant = await findApplicantById(tx, applicantId);
    if (!applicant) throw notFound(APPLICANT_NOT_FOUND);
    const verified = await markBankVerified(tx, applicant.id, applicant, user.id);
    if (!verified) throw conflict('The bank details were changed at the same time: check them again');
    return {
      applicant_id: verified.id,
      bank_name: verified.bankName,
      bank_account_masked: maskBankAccount(verified.bankAccount),
      bank_ifsc: verified.bankIfsc,
      verified_at: verified.bankVerifiedAt ? verified.bankVerifiedAt.toISOString() : null,
      verified_by: verified.bankVerifiedBy,
    };
  });
}
