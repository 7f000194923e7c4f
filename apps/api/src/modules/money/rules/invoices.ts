/** The invoices a case raises, each told once on its timeline ("invoice generated", with its notification): the
 * processing fee and EMD on submit, the first premium instalment on entering pending_payment, and a service
 * request's fee when it is approved. Nothing else raises an invoice; the billing module takes the payments. */
import {
  auctionEmd,
  FEES,
  invoicesOnSubmit,
  premiumInstalmentAmount,
  roundRupees,
  SCHEME_RULES,
  type ApplicationEventName,
  type InvoiceType,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { dueDateFrom } from '../../../core/dates';
import { notFound } from '../../../core/http-error';
import type { ApplicationRow } from '../../../repositories/applications';
import { findAssetById } from '../../../repositories/assets';
import { nextNumber } from '../../../repositories/counters';
import { insertInvoice, sumPaidInvoices, type InvoiceRow } from '../../../repositories/invoices';
import { findSchemeById, findSchemeEntry, findSchemePlotByAsset } from '../../schemes/repositories/schemes';
import { insertServiceFeeInvoice } from '../../estate/repositories/service-requests';
import { SYSTEM_ACTOR, type Actor } from '../../../repositories/timeline';
import { recordEvent } from '../../../case/events';
import { clock } from '../../../core/clock';

/** The invoices a move raises: on submit (by the applicant), and on entering pending_payment (by the portal). */
export async function raiseInvoicesOnMove(
  tx: Database,
  application: ApplicationRow,
  event: ApplicationEventName,
  actor: Actor,
): Promise<InvoiceRow[]> {
  if (event === 'submit') {
    const asset = await findAssetById(tx, application.assetId);
    if (!asset) throw notFound('Asset not found');
    const dueDate = dueDateFrom(clock.now(), FEES.invoiceDueDays);
    const raised: InvoiceRow[] = [];
    for (const { type, amount } of await submitInvoicesOf(tx, application, asset.valuation)) {
      const invoice = await insertInvoice(tx, {
        applicationId: application.id,
        invoiceType: type,
        amount,
        dueDate,
        invoiceNumber: await nextNumber(tx, 'invoice'),
      });
      if (!invoice) continue; // already made (never expected for a draft)
      await tell(tx, actor, invoice);
      raised.push(invoice);
    }
    return raised;
  }
  if (application.status === 'pending_payment') {
    const asset = await findAssetById(tx, application.assetId);
    if (!asset) return [];
    const now = clock.now();
    const premium = (event === 'scheme_won' && (await auctionPremium(tx, application))) || {
      amount: premiumInstalmentAmount(asset.valuation),
      dueDate: dueDateFrom(now, FEES.invoiceDueDays),
    };
    const invoice = await insertInvoice(tx, {
      applicationId: application.id,
      invoiceType: 'premium_instalment',
      amount: premium.amount,
      dueDate: premium.dueDate,
      invoiceNumber: await nextNumber(tx, 'invoice', now),
    });
    if (!invoice) return [];
    await tell(tx, SYSTEM_ACTOR, invoice);
    return [invoice];
  }
  return [];
}

/** What submitting raises: the processing fee and the EMD; for a scheme's auction (decision 018) the EMD is 10% of
 * the plot's reserve price and the participation fee is raised with them. */
async function submitInvoicesOf(
  tx: Database,
  application: ApplicationRow,
  valuation: number,
): Promise<{ type: InvoiceType; amount: number }[]> {
  const usual = invoicesOnSubmit(valuation);
  if (!application.schemeId) return usual;
  const scheme = await findSchemeById(tx, application.schemeId);
  const plot = await findSchemePlotByAsset(tx, application.schemeId, application.assetId);
  if (scheme?.mode !== 'auction' || plot?.reservePrice == null) return usual;
  return [
    ...usual.map((invoice) =>
      invoice.type === 'emd' ? { type: invoice.type, amount: auctionEmd(plot.reservePrice!) } : invoice,
    ),
    { type: 'participation_fee', amount: SCHEME_RULES.participationFee },
  ];
}

/** An auction's winner pays the bid less the EMD paid, by the entry's pay-by day; undefined for anything else. */
async function auctionPremium(
  tx: Database,
  application: ApplicationRow,
): Promise<{ amount: number; dueDate: string } | undefined> {
  if (!application.schemeId) return undefined;
  const scheme = await findSchemeById(tx, application.schemeId);
  const entry = await findSchemeEntry(tx, application.id);
  if (scheme?.mode !== 'auction' || entry?.amount == null) return undefined;
  const emdPaid = await sumPaidInvoices(tx, application.id, 'emd');
  return {
    amount: roundRupees(entry.amount - emdPaid),
    dueDate: entry.payBy ?? dueDateFrom(clock.now(), SCHEME_RULES.winnerPaysWithinDays),
  };
}

/** The fee of an approved service request, billed to the application it names. */
export async function raiseServiceFee(
  tx: Database,
  actor: Actor,
  fee: { applicationId: string; serviceRequestId: string; amount: number },
): Promise<InvoiceRow> {
  const invoice = await insertServiceFeeInvoice(tx, {
    invoiceNumber: await nextNumber(tx, 'invoice'),
    applicationId: fee.applicationId,
    serviceRequestId: fee.serviceRequestId,
    amount: fee.amount,
    dueDate: dueDateFrom(clock.now(), FEES.invoiceDueDays),
  });
  await tell(tx, actor, invoice);
  return invoice;
}

/** The one "invoice generated" timeline entry (and, through it, the notification). */
async function tell(tx: Database, actor: Actor, invoice: InvoiceRow): Promise<void> {
  await recordEvent(tx, actor, {
    applicationId: invoice.applicationId,
    code: 'invoice_generated',
    params: {
      invoice_number: invoice.invoiceNumber,
      invoice_type: invoice.invoiceType,
      amount: invoice.amount,
      due_date: invoice.dueDate,
    },
    entityType: 'invoice',
    entityId: invoice.id,
  });
}
