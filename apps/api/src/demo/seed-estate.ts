/** Demo allotments after possession (decision 014), so the register and the allottee's services have something to
 * show: the demo entrepreneur holds one in possession whose construction is due within the year (an extension of
 * time can be asked for on it), one with construction commenced, one with both milestones late, and one surrendered
 * whose plot is back in the inventory. Their applications are numbered after the seed's others. */
import {
  addMonths,
  DEFAULT_STAGE,
  leaseEndsOn,
  MILESTONE_KINDS,
  milestoneDueOn,
  possessionCertificateNumber,
  startStageClock,
  surrenderRefund,
  invoicesOnSubmit,
  premiumInstalmentAmount,
  timelineEnglish,
  type ApplicationStatus,
  type TimelineCode,
  type TimelineParams,
} from '@portal/contract';
import { businessTodayIso } from '../core/dates';
import { nextNumber } from '../repositories/counters';
import type { Database } from '../db/client';
import {
  allotmentMilestones,
  allotments,
  applications,
  assets,
  invoices,
  payments,
  possessions,
  timelineEvents,
} from '../db/schema';
import { eq } from 'drizzle-orm';

interface EstatePlan {
  status: ApplicationStatus;
  description: string;
  /** Months from possession to today. */
  possessedMonthsAgo: number;
  surrendered?: boolean;
}

const PLAN: EstatePlan[] = [
  { status: 'possession_given', description: 'Auto parts machining shed', possessedMonthsAgo: 2 },
  { status: 'under_implementation', description: 'Solar panel assembly unit', possessedMonthsAgo: 14 },
  { status: 'possession_given', description: 'Rice bran oil extraction unit', possessedMonthsAgo: 30 },
  { status: 'possession_given', description: 'Garment stitching unit', possessedMonthsAgo: 20, surrendered: true },
];

export async function seedDemoEstate(
  tx: Database,
  people: {
    entrepreneur: { id: string; fullName: string };
    applicantId: string;
    officer: { id: string; fullName: string; role: string };
  },
  plots: { id: string; assetCode: string; valuation: number; totalArea: number }[],
): Promise<void> {
  const today = businessTodayIso();
  for (const [index, item] of PLAN.entries()) {
    const plot = plots[index]!;
    const possessionDate = addMonths(today, -item.possessedMonthsAgo);
    const allottedOn = addMonths(possessionDate, -2);
    const createdAt = new Date(`${addMonths(allottedOn, -6)}T10:00:00+05:30`);
    const number = await nextNumber(tx, 'application');
    const [application] = await tx
      .insert(applications)
      .values({
        applicationNumber: number,
        applicantId: people.applicantId,
        assetId: plot.id,
        applicationType: 'new',
        status: item.status,
        currentStage: DEFAULT_STAGE[item.status],
        stageCode: 'status',
        stageParams: { status: item.status },
        estimatedInvestment: 15_000_000 + index * 5_000_000,
        employmentGeneration: 20 + index * 10,
        projectDescription: item.description,
        createdAt,
        updatedAt: new Date(`${possessionDate}T10:00:00+05:30`),
        submittedAt: createdAt,
        ...startStageClock(item.status, new Date(`${possessionDate}T10:00:00+05:30`)),
      })
      .returning();
    // The processing fee, the EMD and the first premium instalment, each paid online before the allotment.
    const owed = [
      ...invoicesOnSubmit(plot.valuation),
      { type: 'premium_instalment' as const, amount: premiumInstalmentAmount(plot.valuation) },
    ];
    for (const [order, { type, amount }] of owed.entries()) {
      const paidAt = new Date(`${addMonths(allottedOn, order - owed.length)}T12:00:00+05:30`);
      const [invoice] = await tx
        .insert(invoices)
        .values({
          invoiceNumber: await nextNumber(tx, 'invoice'),
          applicationId: application!.id,
          invoiceType: type,
          amount,
          dueDate: addMonths(allottedOn, order - owed.length + 1),
          status: 'paid',
          generatedAt: paidAt,
          paidAt,
        })
        .returning();
      await tx.insert(payments).values({
        receiptNumber: await nextNumber(tx, 'receipt'),
        applicationId: application!.id,
        invoiceId: invoice!.id,
        amount,
        paymentDate: paidAt,
        paymentMethod: 'online',
        transactionReference: await nextNumber(tx, 'transaction'),
        paidBy: people.entrepreneur.id,
      });
    }
    const [allotment] = await tx
      .insert(allotments)
      .values({
        allotmentNumber: await nextNumber(tx, 'allotment'),
        applicationId: application!.id,
        assetId: plot.id,
        allotmentType: 'final',
        allotmentDate: allottedOn,
        // Made on the day it is dated, before its own timeline entry: a plot's history starts there.
        createdAt: new Date(`${allottedOn}T10:00:00+05:30`),
        status: item.surrendered ? 'surrendered' : 'active',
        createdBy: people.officer.id,
        holderUserId: people.entrepreneur.id,
        possessionDate,
        leaseEndsOn: leaseEndsOn(possessionDate),
        endedOn: item.surrendered ? addMonths(today, -1) : null,
        // The first premium instalment paid, less the 10% forfeited.
        refundDue: item.surrendered ? surrenderRefund(premiumInstalmentAmount(plot.valuation)) : null,
      })
      .returning();
    const [possession] = await tx
      .insert(possessions)
      .values({
        allotmentId: allotment!.id,
        possessionDate,
        areaVerified: plot.totalArea,
        boundaryMarked: true,
        recordedBy: people.officer.id,
      })
      .returning();
    await tx.insert(allotmentMilestones).values(
      MILESTONE_KINDS.map((kind) => ({
        allotmentId: allotment!.id,
        kind,
        dueOn: milestoneDueOn(kind, possessionDate),
        metOn: item.status === 'under_implementation' && kind === 'commence_construction' ? addMonths(today, -3) : null,
      })),
    );
    await tx
      .update(assets)
      .set(
        item.surrendered
          ? { status: 'available', availableArea: plot.totalArea }
          : { status: 'allotted', availableArea: 0 },
      )
      .where(eq(assets.id, plot.id));

    const entries: { code: TimelineCode; params: TimelineParams; at: string; entity: 'allotment' | 'possession' }[] = [
      {
        code: 'allotment_created',
        params: { allotment_number: allotment!.allotmentNumber, allotment_type: 'final', asset_code: plot.assetCode },
        at: allottedOn,
        entity: 'allotment',
      },
      {
        code: 'possession_recorded',
        params: { possession_date: possessionDate, certificate_number: possessionCertificateNumber(possession!.id) },
        at: possessionDate,
        entity: 'possession',
      },
    ];
    if (item.surrendered) {
      entries.push({
        code: 'allotment_surrendered',
        params: {
          allotment_number: allotment!.allotmentNumber,
          asset_code: plot.assetCode,
          ended_on: allotment!.endedOn,
          refund_due: allotment!.refundDue,
        },
        at: allotment!.endedOn!,
        entity: 'allotment',
      });
    }
    for (const entry of entries) {
      await tx.insert(timelineEvents).values({
        applicationId: application!.id,
        eventCode: entry.code,
        params: entry.params,
        ...timelineEnglish(entry.code, entry.params),
        userRole: people.officer.role,
        userName: people.officer.fullName,
        userId: people.officer.id,
        entityType: entry.entity,
        entityId: entry.entity === 'possession' ? possession!.id : allotment!.id,
        timestamp: new Date(`${entry.at}T11:00:00+05:30`),
      });
    }
  }
}
