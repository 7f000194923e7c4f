/** Refunds with maker-checker (decision 016, product decisions section 10): the refunds due by rule, prepared by one
 * finance user with the amount the rule computes, approved by another finance user or an admin (never the maker)
 * once the payee's bank details are verified, paid with the bank's reference (UTR); each step a conditional update
 * in one transaction, posted to the ledger and told to the payee. And the finance user's verification of an
 * applicant's bank details, which a change of them clears. */
import {
  isApplicant,
  businessToday,
  can,
  maskBankAccount,
  type BankVerification,
  type DueRefundKind,
  type Refund,
  type RefundDue,
  type RefundDueListQuery,
  type RefundListQuery,
  type RefundStatus,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { CALENDAR } from '../../core/business-calendar';
import { badRequest, conflict, forbidden, notFound } from '../../core/http-error';
import type { Page } from '../../core/list-page';
import { applicantLink, deliver } from '../../lib/notify';
import type { CurrentUser } from '../../plugins/auth';
import { findApplicantById, findApplicantByUserId, markBankVerified } from '../../repositories/applicants';
import { lockApplication } from '../../repositories/applications';
import { nextNumber } from '../../repositories/counters';
import { activeUsersByIds } from '../../repositories/notifications';
import {
  approveRefundIfPrepared,
  findDueRefund,
  findRefundById,
  findRefundByUtr,
  insertRefund,
  markRefundPaidIfApproved,
  postRefundEntry,
  rejectRefundIfPrepared,
  searchDueRefunds,
  searchRefunds,
  viewsOfRefunds,
  type DueRefundRow,
  type RefundRow,
  type RefundView,
} from '../../repositories/refunds';
import { clock } from '../../core/clock';
import { refuseMakerAsChecker } from '../../core/maker-checker';

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

const wrongRefundState = (refund: RefundRow, wanted: RefundStatus) =>
  conflict(`Only a ${wanted} refund can do this; this one is ${refund.status}`, 'refund_state');

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
    refuseMakerAsChecker(refund.preparedBy, user.id, 'refund', 'approved');
    if (refund.status !== 'prepared') throw wrongRefundState(refund, 'prepared');
    const payee = await findApplicantByUserId(tx, refund.payeeUserId);
    if (!payee || !payee.bankVerifiedAt) {
      throw conflict(
        "The payee's bank details are not verified: verify them before approving the refund",
        'bank_not_verified',
      );
    }
    const approved = await approveRefundIfPrepared(tx, id, {
      approvedBy: user.id,
      bankName: payee.bankName,
      bankAccount: payee.bankAccount,
      bankIfsc: payee.bankIfsc,
    });
    if (!approved) throw conflict('The refund was decided at the same time', 'refund_state');
    await postRefundEntry(tx, approved, { type: 'refund_due', postedBy: user.id, reference: approved.refundNumber });
    await tellPayee(tx, approved, 'refund_approved', {});
    return answer(tx, approved);
  });
}

export async function rejectRefund(db: Database, user: CurrentUser, id: string, reason: string): Promise<Refund> {
  return db.transaction(async (tx) => {
    const refund = await findRefundById(tx, id);
    if (!refund) throw notFound(REFUND_NOT_FOUND);
    refuseMakerAsChecker(refund.preparedBy, user.id, 'refund', 'decided');
    if (refund.status !== 'prepared') throw wrongRefundState(refund, 'prepared');
    const rejected = await rejectRefundIfPrepared(tx, id, { rejectedBy: user.id, reason });
    if (!rejected) throw conflict('The refund was decided at the same time', 'refund_state');
    return answer(tx, rejected);
  });
}

/** The day a refund was paid, as the instant of that day's start in India. */
const dayStartInIndia = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** Records the bank's payment of an approved refund: its UTR (unique: 409 utr_already_used if another refund has
 * it) and the day; posts the refund paid out to the ledger and tells the payee, with the UTR. */
export async function markRefundPaid(
  db: Database,
  user: CurrentUser,
  id: string,
  body: { utr: string; paid_on: string },
): Promise<Refund> {
  const today = businessToday(clock.now(), CALENDAR);
  if (body.paid_on > today) throw badRequest('The day it was paid cannot be in the future');
  return db.transaction(async (tx) => {
    const refund = await findRefundById(tx, id);
    if (!refund) throw notFound(REFUND_NOT_FOUND);
    if (refund.status !== 'approved') throw wrongRefundState(refund, 'approved');
    const approvedOn = refund.approvedAt ? businessToday(refund.approvedAt, CALENDAR) : today;
    if (body.paid_on < approvedOn) throw badRequest('The day it was paid cannot be before the refund was approved');
    const used = await findRefundByUtr(tx, body.utr);
    if (used) throw conflict('This bank reference (UTR) is already recorded on another refund', 'utr_already_used');
    const paid = await markRefundPaidIfApproved(tx, id, {
      paidBy: user.id,
      paidAt: dayStartInIndia(body.paid_on),
      utr: body.utr,
    });
    if (!paid) throw conflict('The refund was marked paid at the same time', 'refund_state');
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
