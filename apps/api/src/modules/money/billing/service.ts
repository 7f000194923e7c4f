/** Invoices and payments: staff with read:finance see all, an entrepreneur only their own. Paying marks the
 * invoice paid, and the last payment of an application pending payment verifies it. */
import type { z } from 'zod';
import {
  isApplicant,
  can,
  formatRupees,
  roundRupees,
  type createPaymentRequestSchema,
  type Invoice,
  type InvoiceListQuery,
  type Payment,
  type PaymentListQuery,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { isoDay } from '../../../core/dates';
import { loadOwnApplication, loadVisibleApplication } from '../../../case/access';
import { badRequest, forbidden, notFound } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { actorOf, type CurrentUser } from '../../../plugins/auth';
import { findServiceRequestById, hasServiceRequestOn } from '../../estate/repositories/service-requests';
import { nextNumber } from '../../../repositories/counters';
import { findInvoiceById, searchInvoices, toInvoice } from '../../../repositories/invoices';
import { searchPayments, toPayment } from '../repositories/payments';
import { amountDueToday, recordInvoicePayment, requirePayable } from '../rules/payments';
import { clock } from '../../../core/clock';

export type CreatePaymentBody = z.output<typeof createPaymentRequestSchema>;

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** Whose records a list may hold: everyone's for staff with read:finance, the caller's own for an entrepreneur. A
 * named application must be visible to the caller: another entrepreneur's answers 404. */
async function listOwner(
  db: Database,
  user: CurrentUser,
  applicationId: string | undefined,
): Promise<string | undefined> {
  if (!isApplicant(user) && !can(user.role, 'read:finance')) throw forbidden();
  // A holder after a transfer reads the fees of their own service requests on the application (it stays the first
  // applicant's); any other entrepreneur's application answers 404.
  if (applicationId && !(isApplicant(user) && (await hasServiceRequestOn(db, user.id, applicationId)))) {
    await loadVisibleApplication(db, user, applicationId);
  }
  return isApplicant(user) ? user.id : undefined;
}

export async function listVisibleInvoices(
  db: Database,
  user: CurrentUser,
  query: InvoiceListQuery,
): Promise<Page<Invoice>> {
  const today = isoDay(clock.now());
  const ownerUserId = await listOwner(db, user, query.application_id);
  const page = await searchInvoices(db, { ownerUserId, today, query });
  return { ...page, items: page.items.map((row) => toInvoice(row, today)) };
}

export async function listVisiblePayments(
  db: Database,
  user: CurrentUser,
  query: PaymentListQuery,
): Promise<Page<Payment>> {
  const ownerUserId = await listOwner(db, user, query.application_id);
  const page = await searchPayments(db, { ownerUserId, query });
  return { ...page, items: page.items.map(toPayment) };
}

export async function payInvoice(db: Database, user: CurrentUser, body: CreatePaymentBody): Promise<Payment> {
  const invoice = await findInvoiceById(db, body.invoice_id);
  if (!isApplicant(user)) throw forbidden('Only the applicant can do this');
  // A service fee is paid by the one who asked for the service (after a transfer, the new holder, though the
  // invoice is billed to the application); any other invoice by the application's applicant.
  const request = invoice?.serviceRequestId ? await findServiceRequestById(db, invoice.serviceRequestId) : undefined;
  if (request) {
    if (request.userId !== user.id) throw notFound(INVOICE_NOT_FOUND);
  } else if (invoice?.billedTo) {
    // Yearly dues are the holder's when billed (after a transfer, not the first applicant's).
    if (invoice.billedTo !== user.id) throw notFound(INVOICE_NOT_FOUND);
  } else {
    await loadOwnApplication(db, user, body.application_id);
  }
  if (!invoice || invoice.applicationId !== body.application_id) throw notFound(INVOICE_NOT_FOUND);
  requirePayable(invoice);
  // Late yearly dues ask interest on arrears to today: the amount due, not the invoice's amount.
  const due = amountDueToday(invoice);
  if (roundRupees(body.amount) !== due.total) {
    throw badRequest(`The amount must equal the invoice amount due of ${formatRupees(due.total)}`);
  }

  return db.transaction(async (tx) => {
    const payment = await recordInvoicePayment(tx, actorOf(user), {
      invoice,
      interest: due.interest,
      method: body.payment_method,
      reference: body.transaction_reference ?? (await nextNumber(tx, 'transaction')),
      paidBy: user.id,
    });
    return toPayment(payment);
  });
}
