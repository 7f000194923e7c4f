/** How an invoice gets paid, whichever way the money came (the gateway's verified answer, a bank credit matched to a
 * challan, a settlement a checker approved, the sandbox's direct payment): the invoice marked paid once, the payment
 * recorded (the ledger posts it: migration 0013's trigger), the timeline told, and the case moved on (the last
 * invoice of a pending payment verifies it; a service fee puts the service into effect). */
import { amountDueOn, roundRupees, type PaymentMethod } from '@portal/contract';
import type { Database } from '../../../db/client';
import { businessTodayIso } from '../../../core/dates';
import { conflict, notFound } from '../../../core/http-error';
import { lockApplication } from '../../../repositories/applications';
import { nextNumber } from '../../../repositories/counters';
import { findInvoiceById, markInvoicePaidIfUnpaid, type InvoiceRow } from '../../../repositories/invoices';
import { insertPayment, type PaymentRow } from '../repositories/payments';
import type { Actor } from '../../../repositories/timeline';
import { applyServiceFeePaid } from '../../estate/rules/estate';
import { recordEvent } from '../../../case/events';
import { allotSchemeWinnerIfPaid } from '../../schemes/rules/scheme-outcomes';
import { verifyPaymentIfPaid } from '../../applications/rules/transition';

/** What an invoice asks today: its amount and, for late yearly dues not waived, interest on arrears. */
export function amountDueToday(
  invoice: Pick<InvoiceRow, 'invoiceType' | 'amount' | 'dueDate' | 'interestWaivedAt'>,
  today: string = businessTodayIso(),
): { principal: number; interest: number; total: number } {
  return amountDueOn({ ...invoice, interestWaived: invoice.interestWaivedAt !== null }, today);
}

export interface InvoicePayment {
  invoice: InvoiceRow;
  /** The interest on arrears paid with it (0 for anything but late yearly dues). */
  interest: number;
  method: PaymentMethod;
  /** The gateway's payment id, the bank's UTR, or the portal's own TXN number. */
  reference: string;
  /** Who paid (the applicant or holder), or who settled it for them. */
  paidBy: string | null;
  gatewayOrderId?: string;
  bankCreditId?: string;
}

export const INVOICE_ALREADY_PAID = 'This invoice has already been paid';

/** 409 unless the invoice is unpaid: paid already (invoice_already_paid), or cancelled, so nothing is owed on it
 * (invoice_cancelled, decision 023). Every way of paying asks this first. */
export function requirePayable(invoice: Pick<InvoiceRow, 'status'>): void {
  if (invoice.status === 'paid') throw conflict(INVOICE_ALREADY_PAID, 'invoice_already_paid');
  if (invoice.status === 'cancelled') {
    throw conflict('This invoice is cancelled: nothing is owed on it', 'invoice_cancelled');
  }
}

/** Pays an invoice in the caller's transaction: refuses (409) an invoice already paid, so of two answers for one
 * invoice exactly one records a payment. */
export async function recordInvoicePayment(tx: Database, actor: Actor, input: InvoicePayment): Promise<PaymentRow> {
  const { invoice } = input;
  // Locking the application serialises payments on it, so exactly one of them sees the last invoice paid.
  const application = await lockApplication(tx, invoice.applicationId);
  if (!application) throw notFound('Invoice not found');
  const paid = await markInvoicePaidIfUnpaid(tx, invoice.id);
  if (!paid) {
    // Paid or cancelled meanwhile: say which.
    requirePayable((await findInvoiceById(tx, invoice.id)) ?? { status: 'paid' });
    throw conflict(INVOICE_ALREADY_PAID, 'invoice_already_paid');
  }
  const payment = await insertPayment(tx, {
    receiptNumber: await nextNumber(tx, 'receipt'),
    applicationId: invoice.applicationId,
    invoiceId: invoice.id,
    amount: roundRupees(invoice.amount + input.interest),
    interest: input.interest,
    paymentMethod: input.method,
    transactionReference: input.reference,
    paidBy: input.paidBy,
    gatewayOrderId: input.gatewayOrderId ?? null,
    bankCreditId: input.bankCreditId ?? null,
  });
  await recordEvent(tx, actor, {
    applicationId: invoice.applicationId,
    code: 'payment_received',
    params: {
      receipt_number: payment.receiptNumber,
      invoice_number: invoice.invoiceNumber,
      amount: payment.amount,
      method: input.method,
      reference: input.reference,
    },
    entityType: 'payment',
    entityId: payment.id,
  });
  await verifyPaymentIfPaid(tx, application);
  // A scheme's winner who has now paid is allotted by the portal (decision 018).
  await allotSchemeWinnerIfPaid(tx, application.id);
  // A service's fee paid puts the service into effect (an extension of time moves its milestone on).
  await applyServiceFeePaid(tx, paid);
  return payment;
}
