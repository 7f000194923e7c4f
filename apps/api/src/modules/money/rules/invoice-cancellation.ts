/** An invoice that ends (decision 023). An unpaid invoice is cancelled either by a finance user's reason approved by
 * another (the ledger adjustments' maker-checker) or by the portal's rule when its application closes before
 * allotment: rejected (an auction's defaulted winner included) or withdrawn. Either way, in the caller's transaction
 * under the application's lock: the conditional update pending -> cancelled, a ledger credit of its amount reversing
 * its debit (the ledger is append-only), and its open challan cancelled. A cancelled invoice is never reminded of,
 * bears no interest and is not paid. An allowed appeal undoes the rejection, and the invoices it cancelled are owed
 * again, with a new due date. */
import {
  CANCELLED_WHEN_CLOSED_INVOICE_TYPES,
  FEES,
  type ApplicationEventName,
  type InvoiceCancellationRule,
  type TimelineParams,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { dueDateFrom } from '../../../core/dates';
import type { ApplicationRow } from '../../../repositories/applications';
import { cancelChallanIfOpen, findOpenChallanForInvoice } from '../repositories/challans';
import {
  cancelInvoiceIfUnpaid,
  invoicesCancelledByRule,
  reinstateInvoiceIfCancelled,
  unpaidApplicationInvoices,
  type InvoiceRow,
} from '../../../repositories/invoices';
import { postInvoiceEntry } from '../repositories/ledger-entries';
import { clock } from '../../../core/clock';

export interface CancellationBy {
  /** A finance user's reason (the maker's), or null when the portal applies a rule. */
  reason: string | null;
  rule: InvoiceCancellationRule | null;
  /** The checker who approved it; null for the portal. */
  postedBy: string | null;
  adjustmentId: string | null;
}

/** Cancels one unpaid invoice; undefined (nothing written) when it is paid or cancelled already. */
export async function cancelInvoice(
  tx: Database,
  invoice: InvoiceRow,
  by: CancellationBy,
): Promise<InvoiceRow | undefined> {
  const at = clock.now();
  const cancelled = await cancelInvoiceIfUnpaid(tx, invoice.id, { at, reason: by.reason, rule: by.rule });
  if (!cancelled) return undefined;
  await postInvoiceEntry(tx, {
    kind: 'cancellation',
    invoice: cancelled,
    adjustmentId: by.adjustmentId,
    postedBy: by.postedBy,
    at,
  });
  const challan = await findOpenChallanForInvoice(tx, invoice.id);
  if (challan) await cancelChallanIfOpen(tx, challan.id);
  return cancelled;
}

/** The rule a move into a closed status cancels by, or null when the move cancels nothing. */
function ruleOfMove(
  application: ApplicationRow,
  event: ApplicationEventName,
  params: TimelineParams | undefined,
): InvoiceCancellationRule | null {
  if (application.status === 'withdrawn') return 'application_withdrawn';
  if (application.status !== 'rejected') return null;
  return event === 'scheme_not_allotted' && params?.outcome === 'defaulted'
    ? 'winner_defaulted'
    : 'application_rejected';
}

/** A move's effect on its invoices: entering rejected or withdrawn cancels what the application can no longer owe
 * (CANCELLED_WHEN_CLOSED_INVOICE_TYPES, unpaid); an allowed appeal on a rejection reinstates what the rejection
 * cancelled. */
export async function settleInvoicesOnMove(
  tx: Database,
  application: ApplicationRow,
  event: ApplicationEventName,
  params: TimelineParams | undefined,
): Promise<void> {
  if (event === 'appeal_allowed') {
    const dueDate = dueDateFrom(clock.now(), FEES.invoiceDueDays);
    for (const invoice of await invoicesCancelledByRule(tx, application.id, 'application_rejected')) {
      const owed = await reinstateInvoiceIfCancelled(tx, invoice.id, dueDate);
      if (owed) {
        await postInvoiceEntry(tx, {
          kind: 'reinstatement',
          invoice: owed,
          adjustmentId: null,
          postedBy: null,
          at: clock.now(),
        });
      }
    }
    return;
  }
  const rule = ruleOfMove(application, event, params);
  if (!rule) return;
  for (const invoice of await unpaidApplicationInvoices(tx, application.id, CANCELLED_WHEN_CLOSED_INVOICE_TYPES)) {
    await cancelInvoice(tx, invoice, { reason: null, rule, postedBy: null, adjustmentId: null });
  }
}
