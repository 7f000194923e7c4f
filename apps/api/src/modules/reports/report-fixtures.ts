/** Test records for reports, written straight to the tables with chosen dates, statuses and zones. */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  statusStage,
  type AllotmentStatus,
  type ApplicationStatus,
  type AssetStatus,
  type InvoiceType,
  type PaymentStatus,
} from '@portal/contract';
import { allotments, applicants, applications, assets, invoices, payments, users } from '../../db/schema';
import { stageColumns } from '../../repositories/applications';
import type { TestContext } from '../../test/harness';

const unique = () => crypto.randomBytes(4).toString('hex').toUpperCase();

export async function demoApplicantId(ctx: TestContext): Promise<string> {
  const [row] = await ctx.db
    .select({ id: applicants.id })
    .from(applicants)
    .innerJoin(users, eq(users.id, applicants.userId))
    .where(eq(users.email, 'entrepreneur@example.com'));
  return row!.id;
}

export async function addAsset(
  ctx: TestContext,
  values: { zone: string; status?: AssetStatus; createdAt?: Date; code?: string },
) {
  const [row] = await ctx.db
    .insert(assets)
    .values({
      assetCode: values.code ?? `RPT-${unique()}`,
      categoryId: 'industrial',
      type: 'plot',
      zone: values.zone,
      location: 'Report Park',
      surveyNumber: '1/1',
      plotNumber: null,
      totalArea: 1000,
      availableArea: 1000,
      unit: 'sqm',
      valuation: 1_000_000,
      status: values.status ?? 'available',
      ...(values.createdAt && { createdAt: values.createdAt }),
    })
    .returning();
  return row!;
}

export async function addApplication(
  ctx: TestContext,
  values: { assetId: string; status: ApplicationStatus; createdAt: Date },
) {
  const [row] = await ctx.db
    .insert(applications)
    .values({
      applicationNumber: `APP-T-${unique()}`,
      applicantId: await demoApplicantId(ctx),
      assetId: values.assetId,
      status: values.status,
      // The status's own stage, stored as the portal stores it: its code and its English.
      ...stageColumns(statusStage(values.status), values.status),
      estimatedInvestment: 5_000_000,
      employmentGeneration: 12,
      projectDescription: 'Report fixture',
      createdAt: values.createdAt,
      updatedAt: values.createdAt,
      submittedAt: values.status === 'draft' ? null : values.createdAt,
    })
    .returning();
  return row!;
}

/** A payment with its own invoice; one application holds one invoice of each type, so pass another type for a second. */
export async function addPayment(
  ctx: TestContext,
  values: {
    applicationId: string;
    paymentDate: Date;
    status?: PaymentStatus;
    amount?: number;
    invoiceType?: InvoiceType;
  },
) {
  const [invoice] = await ctx.db
    .insert(invoices)
    .values({
      invoiceNumber: `INV-T-${unique()}`,
      applicationId: values.applicationId,
      invoiceType: values.invoiceType ?? 'processing_fee',
      amount: values.amount ?? 11_800,
      dueDate: '2030-01-01',
      status: values.status === 'failed' ? 'pending' : 'paid',
    })
    .returning();
  const [payment] = await ctx.db
    .insert(payments)
    .values({
      receiptNumber: `RCP-T-${unique()}`,
      applicationId: values.applicationId,
      invoiceId: invoice!.id,
      amount: values.amount ?? 11_800,
      paymentDate: values.paymentDate,
      transactionReference: `MOCK-${unique()}`,
      status: values.status ?? 'success',
    })
    .returning();
  return { invoice: invoice!, payment: payment! };
}

export async function addAllotment(
  ctx: TestContext,
  values: { applicationId: string; assetId: string; allotmentDate: string; status?: AllotmentStatus },
) {
  const [row] = await ctx.db
    .insert(allotments)
    .values({
      allotmentNumber: `ALT-T-${unique()}`,
      applicationId: values.applicationId,
      assetId: values.assetId,
      allotmentType: 'provisional',
      allotmentDate: values.allotmentDate,
      expiryDate: null,
      status: values.status ?? 'active',
    })
    .returning();
  return row!;
}
