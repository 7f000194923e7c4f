/** The demo world (decision 027): what `npm start` adds to the demo seed so that every capability has something to
 * show. Two more entrepreneurs and their cases, plots and schemes, made after the demo seed and on rows of their own
 * (no demo row of seed.ts is changed), so the tests that read the demo seed see it as it was.
 *
 * What is history is written as history: the applications, their documents, fees and allotments are dated in the past
 * as the demo seed's are. What the portal does is then done by the portal's own services and sweeps, now: the deadline
 * sweep escalates one late case and deems another approved, the committee rejects, the applicant appeals and the
 * head office hears, the zone issues a show-cause, finance prepares a refund and imports a statement with an unmatched
 * credit, the schemes' closing sweep closes a draw and an auction, and the head office runs the draw. Their timelines,
 * audit, ledger and notifications are the services' own. */
import { randomBytes, createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  addCalendarDays,
  addMonths,
  DEFAULT_STAGE,
  DUES,
  DUES_INVOICE_TYPES,
  invoicesOnSubmit,
  leaseEndsOn,
  MILESTONE_KINDS,
  milestoneDueOn,
  possessionCertificateNumber,
  premiumInstalmentAmount,
  REQUIRED_DOCUMENT_TYPES,
  SCHEME_RULES,
  stageToParams,
  startStageClock,
  statusStage,
  surrenderRefund,
  timelineEnglish,
  type ApplicationStatus,
  type InvoiceType,
  type TimelineCode,
  type TimelineParams,
} from '@portal/contract';
import type { CurrentUser } from '../case/actor';
import { duesTermsOn, financialYearOf } from '../modules/money/rules/dues';
import { sweepDeadlines, type DeemedLetterIssuer } from '../modules/deadlines/rules/escalation';
import { refreshWaitingOn } from '../case/waiting-on';
import { addDays, businessTodayIso } from '../core/dates';
import { hashPassword } from '../lib/passwords';
import { fileAppeal, recordHearing } from '../modules/appeals/appeals/service';
import { actOnGrievance, raiseGrievance } from '../modules/grievances/grievances/service';
import { setVerifiedMobile } from '../repositories/one-time-codes';
import { importBankStatement } from '../modules/money/bank-reconciliation/service';
import { prepareRefund, verifyBankDetails } from '../modules/money/refunds/service';
import { raiseServiceRequest } from '../modules/estate/service-requests/service';
import { demoDrawBeacon } from './demo-beacon';
import { drawBeaconColumns, type DrawBeacon } from '../lib/beacon';
import { closeDueSchemes, decideScheme } from '../modules/schemes/schemes/service';
import { issueShowCause } from '../modules/estate/show-causes/service';
import { updateStatus } from '../modules/applications/workflow/service';
import type { FileStorage } from '../plugins/storage';
import { nextNumber } from '../repositories/counters';
import { insertScheme, insertSchemePlots } from '../modules/schemes/repositories/schemes';
import type { Database } from '../db/client';
import { DEMO_PASSWORD, DEMO_USERS } from './seed';
import {
  allotmentMilestones,
  allotments,
  applicants,
  applications,
  assets,
  documents,
  invoices,
  payments,
  possessions,
  timelineEvents,
  users,
} from '../db/schema';

/** The world's own entrepreneurs (the demo password, as every demo user). */
/** The demo applicant's verified mobile (+91 90000 00001), for signing in by a one-time code. */
export const WORLD_APPLICANT_MOBILE = '919000000001';

export const WORLD_USERS = {
  applicant: { email: 'applicant@example.com', fullName: 'Sai Prasad', organization: 'Sai Agro Foods LLP' },
  allottee: { email: 'allottee@example.com', fullName: 'Padma Reddy', organization: 'Padma Polymers Pvt Ltd' },
} as const;

/** The world's plots: cases, the allottee's two plots, the draw's two and the auction's one, in a zone of their own on
 * the map's last bands, so no other demo plot moves. */
const ZONE = 'Warangal';
const worldPlot = (code: string, location: string, sqm: number, valuation: number, mapX: number, mapY: number) => ({
  assetCode: code,
  categoryId: 'industrial',
  type: 'plot' as const,
  zone: ZONE,
  location,
  surveyNumber: `${code.slice(-3)}/3`,
  plotNumber: `P-${code.slice(-3)}`,
  totalArea: sqm,
  availableArea: sqm,
  unit: 'sqm' as const,
  valuation,
  status: 'available' as const,
  mapX,
  mapY,
  mapW: 3,
  mapH: 3,
});
const PLOTS = {
  escalated: worldPlot('WAR-PL-301', 'Madikonda IP', 1000, 2_000_000, 1, 21),
  deemed: worldPlot('WAR-PL-302', 'Madikonda IP', 1100, 2_200_000, 5, 21),
  late: worldPlot('WAR-PL-303', 'Madikonda IP', 1200, 2_400_000, 9, 21),
  rejected: worldPlot('WAR-PL-304', 'Kazipet IE', 1300, 2_600_000, 13, 21),
  appealed: worldPlot('WAR-PL-305', 'Kazipet IE', 1400, 2_800_000, 1, 26),
  duesPlot: worldPlot('WAR-PL-306', 'Kazipet IE', 2000, 4_000_000, 5, 26),
  surrendered: worldPlot('WAR-PL-307', 'Kazipet IE', 1500, 3_000_000, 9, 26),
  drawA: worldPlot('WAR-PL-308', 'Madikonda IP', 900, 1_800_000, 13, 26),
  drawB: worldPlot('WAR-PL-309', 'Madikonda IP', 900, 1_800_000, 1, 31),
  auction: worldPlot('WAR-PL-310', 'Kazipet IE', 3000, 6_000_000, 5, 31),
  transferPlot: worldPlot('WAR-PL-311', 'Kazipet IE', 1200, 2_400_000, 9, 31),
};

/** Bidding in the world's auction opens this long after the portal's first start. */
export const WORLD_AUCTION_OPENS_AFTER_MS = 5 * 60_000;
const WORLD_AUCTION_BIDDING_MS = 60 * 60_000;

/** A valid one-page blank PDF (with its cross-reference table), stored for each required document. */
const MINIMAL_PDF = (() => {
  const objects = [
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += `${object}\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
})();

interface Person {
  user: CurrentUser;
  applicantId: string;
}

function timelineEntry(code: TimelineCode, params: TimelineParams) {
  return { eventCode: code, params, ...timelineEnglish(code, params) };
}

/** 10:30 in Kolkata on `day`. */
const onDay = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, '0')}:30:00+05:30`);

export interface WorldContext {
  storage: FileStorage;
  /** Issues the letter of a deemed approval (the runtime's; the first download makes it when absent). */
  issueLetter?: DeemedLetterIssuer;
  /** Issues a decided scheme's result sheet (the runtime's; the first download makes it when absent). */
  issueResultSheet?: (schemeId: string) => Promise<unknown>;
  /** The beacon the world's draw reads its round from (the demo's own rounds of the sandbox chain by default). */
  beacon?: DrawBeacon;
}

/** Adds the world to a database the demo seed has just filled. */
export async function seedDemoWorld(db: Database, context: WorldContext): Promise<void> {
  const staff = await demoStaff(db);
  const people = await insertWorldPeople(db);
  const plotIds = await insertWorldPlots(db);
  const today = businessTodayIso();
  const { applicant, allottee } = people;

  // Cases of the applicant, each entering its stage on a past day. The submitted ones' clocks (3 working days, then
  // 3 more before escalation, 15 after the due date before the deemed move) ran out while nobody moved them.
  await pastCase(db, context, applicant, plotIds.escalated, {
    status: 'submitted',
    enteredOn: addCalendarDays(today, -16),
    description: 'Turmeric processing and packing unit',
  });
  await pastCase(db, context, applicant, plotIds.deemed, {
    status: 'submitted',
    enteredOn: addCalendarDays(today, -45),
    description: 'Cold-pressed oil mill',
  });
  // Under scrutiny past its 15 working days (late, so the applicant may appeal) but short of its escalation at 30.
  const lateCase = await pastCase(db, context, applicant, plotIds.late, {
    status: 'under_scrutiny',
    enteredOn: addCalendarDays(today, -30),
    description: 'Millet flour and snacks unit',
  });
  const toReject = await pastCase(db, context, applicant, plotIds.rejected, {
    status: 'pending_committee',
    enteredOn: addCalendarDays(today, -12),
    description: 'Poultry feed plant',
  });
  const toAppeal = await pastCase(db, context, applicant, plotIds.appealed, {
    status: 'pending_committee',
    enteredOn: addCalendarDays(today, -20),
    description: 'Fruit pulp and juice unit',
  });

  // The deadline sweep as the running portal makes it: the first submitted case escalated to head office, the second
  // deemed approved (moved into scrutiny by the portal) with its letter.
  await sweepDeadlines(db, { issueLetter: context.issueLetter });

  // The committee rejects two; the applicant appeals the second and head office hears it.
  for (const id of [toReject, toAppeal]) {
    await updateStatus(db, staff.committee, id, {
      status: 'rejected',
      current_stage: 'Rejected: The project report shows no assured water supply for the unit',
    });
  }
  const appeal = await fileAppeal(db, applicant.user, toAppeal, {
    statement: 'The water board sanctioned our connection last month; the sanction letter was filed with the report.',
  });
  await recordHearing(db, staff.ho, appeal.id, {
    hearing_note: 'Heard the applicant; the sanction letter is on file. Order to follow after a site check.',
  });

  // The allottee: one plot in possession for two years whose yearly dues are unpaid (overdue, with interest), now
  // under a show-cause notice; one surrendered whose refund finance has prepared for its checker.
  const estate = await allotteeEstate(db, allottee, staff.zonal, plotIds, today);
  await issueShowCause(db, staff.zonal, estate.holding, {
    grounds: 'Construction has not commenced and the yearly dues of two years are unpaid.',
  });
  // The clear plot offered to the applicant: on offer until the applicant accepts it.
  await raiseServiceRequest(db, allottee.user, {
    request_type: 'transfer',
    allotment_id: estate.clear,
    description: 'The compounding unit is sold to Sai Agro Foods as a going concern',
    particulars: { transferee_email: WORLD_USERS.applicant.email },
  });
  // Finance has checked the allottee's bank account, so the checker may approve the refund.
  await verifyBankDetails(db, staff.finance, allottee.applicantId);
  await prepareRefund(db, staff.finance, {
    application_id: estate.surrenderedApplication,
    kind: 'surrender',
    note: 'Surrender refund: first premium instalment less 10% forfeited',
  });

  // Grievances (decision 038): the allottee's about the yearly dues' bill, on which finance asked for detail; the
  // applicant's about the late case, with the zone's manager until its promised day (move the clock to see it
  // escalated).
  const billing = await raiseGrievance(db, allottee.user, {
    category: 'billing',
    text: 'The yearly dues bill charges interest from a date before the lease was registered.',
    allotment_id: estate.holding,
  });
  await actOnGrievance(db, staff.finance, billing.id, {
    action: 'ask_detail',
    message: 'Please attach the registered lease deed showing its date of registration.',
  });
  await raiseGrievance(db, applicant.user, {
    category: 'delay',
    text: 'The scrutiny of this application has taken a month with no query raised.',
    application_id: lateCase,
  });
  // The applicant's mobile is verified, so the demo can sign in with it by a one-time code read from the sandbox SMS
  // provider's message list (decision 037).
  await setVerifiedMobile(db, applicant.user.id, WORLD_APPLICANT_MOBILE);

  // A bank credit that quotes no challan: waits in finance's unmatched credits.
  const valueDate = addCalendarDays(today, -2);
  const dmy = `${valueDate.slice(8, 10)}/${valueDate.slice(5, 7)}/${valueDate.slice(0, 4)}`;
  const statement = [
    'Account Name: Industrial Infrastructure Corporation Collections',
    'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
    `${dmy},${dmy},NEFT CR PADMA POLYMERS,NEFT${randomBytes(5).toString('hex').toUpperCase()},,"1,25,000.00","1,25,000.00"`,
    '',
  ].join('\n');
  await importBankStatement(db, staff.finance, {
    name: `statement-${valueDate}.csv`,
    bytes: Buffer.from(statement),
    text: statement,
  });

  // The schemes: a draw whose window closed yesterday and an auction whose bidding opens minutes after start, each
  // with both entrepreneurs' approved applications (fees and EMD paid). The closing sweep closes both; head office
  // runs the draw.
  const beacon = context.beacon ?? demoDrawBeacon();
  const draw = await worldScheme(db, staff.ho, 'draw', [plotIds.drawA, plotIds.drawB], beacon);
  const auction = await worldScheme(db, staff.ho, 'auction', [plotIds.auction], beacon);
  for (const person of [applicant, allottee]) {
    for (const plot of [plotIds.drawA, plotIds.drawB]) await schemeApplication(db, person, staff.zonal, plot, draw);
    await schemeApplication(db, person, staff.zonal, plotIds.auction, auction);
  }
  await closeDueSchemes(db);
  await decideScheme(db, staff.ho, draw, beacon, context.issueResultSheet);
}

async function demoStaff(db: Database) {
  const byRole = async (role: 'zonal_manager' | 'ho' | 'committee' | 'finance'): Promise<CurrentUser> => {
    const email = DEMO_USERS.find((user) => user.role === role)!.email;
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return { id: row!.id, email: row!.email, fullName: row!.fullName, role: row!.role, zone: row!.zone };
  };
  return {
    zonal: await byRole('zonal_manager'),
    ho: await byRole('ho'),
    committee: await byRole('committee'),
    finance: await byRole('finance'),
  };
}

async function insertWorldPeople(db: Database): Promise<{ applicant: Person; allottee: Person }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const one = async (who: (typeof WORLD_USERS)[keyof typeof WORLD_USERS], index: number): Promise<Person> => {
    const [user] = await db
      .insert(users)
      .values({ email: who.email, role: 'entrepreneur', fullName: who.fullName, passwordHash })
      .returning();
    const [profile] = await db
      .insert(applicants)
      .values({
        userId: user!.id,
        organizationName: who.organization,
        panNumber: index === 0 ? 'AAFFS4321K' : 'AACCP5678M',
        gstNumber: index === 0 ? '36AAFFS4321K1Z2' : '36AACCP5678M1Z9',
        category: index === 0 ? 'mse' : 'women',
        address: index === 0 ? 'H.No. 2-45, Hanamkonda' : 'Plot 7, Kazipet Road',
        city: 'Warangal',
        state: 'Telangana',
        pincode: '506001',
        bankName: 'State Bank of India',
        bankAccount: index === 0 ? '30987654321' : '30555512345',
        bankIfsc: 'SBIN0002345',
        kycVerified: true,
      })
      .returning();
    return {
      user: { id: user!.id, email: user!.email, fullName: user!.fullName, role: 'entrepreneur' },
      applicantId: profile!.id,
    };
  };
  return { applicant: await one(WORLD_USERS.applicant, 0), allottee: await one(WORLD_USERS.allottee, 1) };
}

async function insertWorldPlots(db: Database): Promise<Record<keyof typeof PLOTS, string>> {
  const keys = Object.keys(PLOTS) as (keyof typeof PLOTS)[];
  const rows = await db
    .insert(assets)
    .values(keys.map((key) => PLOTS[key]))
    .returning({ id: assets.id });
  return Object.fromEntries(keys.map((key, index) => [key, rows[index]!.id])) as Record<keyof typeof PLOTS, string>;
}

/** The required documents, stored (a one-page PDF each), verified once scrutiny has looked at them. */
async function insertDocuments(db: Database, context: WorldContext, applicationId: string, verified: boolean) {
  for (const type of REQUIRED_DOCUMENT_TYPES) {
    const storageKey = await context.storage.save(MINIMAL_PDF);
    await db.insert(documents).values({
      applicationId,
      documentType: type,
      fileName: `${type}.pdf`,
      storageKey,
      fileSize: MINIMAL_PDF.length,
      contentType: 'application/pdf',
      verified,
      verificationStatus: verified ? 'verified' : 'pending',
      verifiedAt: verified ? new Date() : null,
    });
  }
}

/** Invoices raised on submission, paid online on their day, with their receipts (the ledger posts both). */
async function paidFees(
  db: Database,
  person: Person,
  applicationId: string,
  owed: { type: InvoiceType; amount: number }[],
  paidAt: Date,
) {
  for (const { type, amount } of owed) {
    const [invoice] = await db
      .insert(invoices)
      .values({
        invoiceNumber: await nextNumber(db, 'invoice'),
        applicationId,
        invoiceType: type,
        amount,
        dueDate: addCalendarDays(businessTodayIso(paidAt), 7),
        status: 'paid',
        generatedAt: paidAt,
        paidAt,
      })
      .returning();
    await db.insert(payments).values({
      receiptNumber: await nextNumber(db, 'receipt'),
      applicationId,
      invoiceId: invoice!.id,
      amount,
      paymentDate: paidAt,
      paymentMethod: 'online',
      transactionReference: await nextNumber(db, 'transaction'),
      paidBy: person.user.id,
    });
  }
}

/** An application that reached `status` on `enteredOn`: created and submitted with its fees paid a few days before,
 * its documents on file, and the officer's moves on its timeline on their days. Answers its id. */
async function pastCase(
  db: Database,
  context: WorldContext,
  person: Person,
  assetId: string,
  plan: { status: ApplicationStatus; enteredOn: string; description: string },
): Promise<string> {
  const [asset] = await db.select().from(assets).where(eq(assets.id, assetId));
  const steps: ApplicationStatus[] = ['submitted', 'under_scrutiny', 'pending_committee'];
  const moves = steps.slice(1, steps.indexOf(plan.status) + 1);
  // Each move 3 days after the one before, the last on the day the stage was entered.
  const submittedOn = addCalendarDays(plan.enteredOn, -3 * moves.length);
  const createdOn = addCalendarDays(submittedOn, -1);
  const entered = onDay(plan.enteredOn);
  const [application] = await db
    .insert(applications)
    .values({
      applicationNumber: await nextNumber(db, 'application', onDay(createdOn)),
      applicantId: person.applicantId,
      assetId,
      applicationType: 'new',
      status: plan.status,
      currentStage: DEFAULT_STAGE[plan.status],
      stageCode: 'status',
      stageParams: { status: plan.status },
      estimatedInvestment: 20_000_000,
      employmentGeneration: 30,
      projectDescription: plan.description,
      createdAt: onDay(createdOn),
      updatedAt: entered,
      submittedAt: onDay(submittedOn),
      ...startStageClock(plan.status, entered),
    })
    .returning();
  const id = application!.id;
  await insertDocuments(db, context, id, plan.status !== 'submitted');
  await paidFees(db, person, id, invoicesOnSubmit(asset!.valuation), onDay(submittedOn, 12));
  const entries: { code: TimelineCode; params: TimelineParams; at: Date; officer: boolean }[] = [
    {
      code: 'application_created',
      params: { application_number: application!.applicationNumber, asset_code: asset!.assetCode },
      at: onDay(createdOn),
      officer: false,
    },
    { code: 'application_submitted', params: {}, at: onDay(submittedOn), officer: false },
  ];
  let from: ApplicationStatus = 'submitted';
  for (const [index, to] of moves.entries()) {
    entries.push({
      code: 'status_changed',
      params: { from, to, stage: DEFAULT_STAGE[to], ...stageToParams(statusStage(to)) },
      at: onDay(addCalendarDays(submittedOn, 3 * (index + 1))),
      officer: true,
    });
    from = to;
  }
  const zonal = (await db.select().from(users).where(eq(users.role, 'zonal_manager')))[0]!;
  for (const entry of entries) {
    await db.insert(timelineEvents).values({
      applicationId: id,
      ...timelineEntry(entry.code, entry.params),
      userRole: entry.officer ? 'zonal_manager' : 'entrepreneur',
      userName: entry.officer ? zonal.fullName : person.user.fullName,
      userId: entry.officer ? zonal.id : person.user.id,
      entityType: 'application',
      entityId: id,
      timestamp: entry.at,
    });
  }
  await refreshWaitingOn(db, { id, status: plan.status });
  return id;
}

/** The allottee's two allotments, both from applications approved and paid over two years ago: one in possession
 * since 22 months ago with every yearly dues invoice since unpaid, one surrendered last month with its refund due.
 * Dues are billed on their financial year's billing day (as the daily billing would have), so they are late now. */
async function allotteeEstate(
  db: Database,
  person: Person,
  officer: CurrentUser,
  plotIds: Record<keyof typeof PLOTS, string>,
  today: string,
): Promise<{ holding: string; surrenderedApplication: string; clear: string }> {
  const made: { allotmentId: string; applicationId: string }[] = [];
  for (const [index, plan] of [
    { assetId: plotIds.duesPlot, possessedMonthsAgo: 22, surrendered: false, description: 'HDPE pipe extrusion unit' },
    { assetId: plotIds.surrendered, possessedMonthsAgo: 26, surrendered: true, description: 'Plastic moulding shed' },
    // Clear of dues (this year's paid), so it may be transferred.
    {
      assetId: plotIds.transferPlot,
      possessedMonthsAgo: 4,
      surrendered: false,
      duesPaid: true,
      description: 'Polymer compounding unit',
    },
  ].entries()) {
    const [plot] = await db.select().from(assets).where(eq(assets.id, plan.assetId));
    const possessionDate = addMonths(today, -plan.possessedMonthsAgo);
    const allottedOn = addMonths(possessionDate, -2);
    const createdAt = onDay(addMonths(allottedOn, -6));
    const status: ApplicationStatus = 'possession_given';
    const [application] = await db
      .insert(applications)
      .values({
        applicationNumber: await nextNumber(db, 'application', createdAt),
        applicantId: person.applicantId,
        assetId: plan.assetId,
        applicationType: 'new',
        status,
        currentStage: DEFAULT_STAGE[status],
        stageCode: 'status',
        stageParams: { status },
        estimatedInvestment: 30_000_000 + index * 5_000_000,
        employmentGeneration: 35,
        projectDescription: plan.description,
        createdAt,
        updatedAt: onDay(possessionDate),
        submittedAt: createdAt,
        ...startStageClock(status, onDay(possessionDate)),
      })
      .returning();
    const owed = [
      ...invoicesOnSubmit(plot!.valuation),
      { type: 'premium_instalment' as const, amount: premiumInstalmentAmount(plot!.valuation) },
    ];
    await paidFees(db, person, application!.id, owed, onDay(addMonths(allottedOn, -1), 12));
    const endedOn = plan.surrendered ? addMonths(today, -1) : null;
    const [allotment] = await db
      .insert(allotments)
      .values({
        allotmentNumber: await nextNumber(db, 'allotment', onDay(allottedOn)),
        applicationId: application!.id,
        assetId: plan.assetId,
        allotmentType: 'final',
        allotmentDate: allottedOn,
        createdAt: onDay(allottedOn),
        status: plan.surrendered ? 'surrendered' : 'active',
        createdBy: officer.id,
        holderUserId: person.user.id,
        possessionDate,
        leaseEndsOn: leaseEndsOn(possessionDate),
        endedOn,
        refundDue: plan.surrendered ? surrenderRefund(premiumInstalmentAmount(plot!.valuation)) : null,
      })
      .returning();
    const [possession] = await db
      .insert(possessions)
      .values({
        allotmentId: allotment!.id,
        possessionDate,
        areaVerified: plot!.totalArea,
        boundaryMarked: true,
        recordedBy: officer.id,
      })
      .returning();
    await db.insert(allotmentMilestones).values(
      MILESTONE_KINDS.map((kind) => ({
        allotmentId: allotment!.id,
        kind,
        dueOn: milestoneDueOn(kind, possessionDate),
        metOn: null,
      })),
    );
    await db
      .update(assets)
      .set(plan.surrendered ? { status: 'available' } : { status: 'allotted', availableArea: 0 })
      .where(eq(assets.id, plan.assetId));
    const entries: { code: TimelineCode; params: TimelineParams; at: string; entity: 'allotment' | 'possession' }[] = [
      {
        code: 'allotment_created',
        params: {
          allotment_number: allotment!.allotmentNumber,
          allotment_type: 'final',
          asset_code: plot!.assetCode,
        },
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
    if (plan.surrendered) {
      entries.push({
        code: 'allotment_surrendered',
        params: {
          allotment_number: allotment!.allotmentNumber,
          asset_code: plot!.assetCode,
          ended_on: endedOn,
          refund_due: allotment!.refundDue,
        },
        at: endedOn!,
        entity: 'allotment',
      });
    }
    for (const entry of entries) {
      await db.insert(timelineEvents).values({
        applicationId: application!.id,
        ...timelineEntry(entry.code, entry.params),
        userRole: officer.role,
        userName: officer.fullName,
        userId: officer.id,
        entityType: entry.entity,
        entityId: entry.entity === 'possession' ? possession!.id : allotment!.id,
        timestamp: onDay(entry.at, 11),
      });
    }
    if (!plan.surrendered) {
      await billPastDues(db, { allotmentId: allotment!.id, applicationId: application!.id }, person, plot!, {
        possessionDate,
        today,
        paid: Boolean(plan.duesPaid),
      });
    }
    made.push({ allotmentId: allotment!.id, applicationId: application!.id });
  }
  return {
    holding: made[0]!.allotmentId,
    surrenderedApplication: made[1]!.applicationId,
    clear: made[2]!.allotmentId,
  };
}

/** Each financial year's dues since possession, billed on that year's billing day at its rates (as dues.ts bills:
 * the days held in the year over its days), each unpaid: the ones past their due date accrue interest. */
async function billPastDues(
  db: Database,
  of: { allotmentId: string; applicationId: string },
  person: Person,
  plot: { totalArea: number },
  when: { possessionDate: string; today: string; paid: boolean },
) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const { allotmentId, applicationId } = of;
  const { possessionDate, today } = when;
  for (let year = financialYearOf(possessionDate); year <= financialYearOf(today); year++) {
    const billingDay = `${year}-${pad(DUES.billingMonth)}-${pad(DUES.billingDay)}`;
    // Billed on the later of the year's billing day and the day possession was given in it.
    const billedOn = possessionDate > billingDay ? possessionDate : billingDay;
    const terms = duesTermsOn(billedOn);
    const held = daysBetween(billedOn, terms.yearEnd) + 1;
    for (const type of DUES_INVOICE_TYPES) {
      const amount = Math.round((plot.totalArea * terms.rates[type] * held * 100) / terms.daysInYear) / 100;
      const params = {
        invoice_number: await nextNumber(db, 'invoice', onDay(billedOn)),
        invoice_type: type,
        amount,
        due_date: terms.dueDate,
      };
      const [invoice] = await db
        .insert(invoices)
        .values({
          invoiceNumber: params.invoice_number,
          applicationId,
          allotmentId,
          invoiceType: type,
          amount,
          dueDate: terms.dueDate,
          status: 'pending',
          financialYear: terms.financialYear,
          billedTo: person.user.id,
          generatedAt: onDay(billedOn, 6),
        })
        .returning();
      await db.insert(timelineEvents).values({
        applicationId,
        ...timelineEntry('invoice_generated', params),
        userRole: 'system',
        userName: 'System',
        userId: null,
        entityType: 'invoice',
        entityId: invoice!.id,
        timestamp: onDay(billedOn, 6),
      });
      if (when.paid) {
        // Paid online a week after billing.
        const paidAt = onDay(addCalendarDays(billedOn, 7), 12);
        await db.update(invoices).set({ status: 'paid', paidAt }).where(eq(invoices.id, invoice!.id));
        await db.insert(payments).values({
          receiptNumber: await nextNumber(db, 'receipt', paidAt),
          applicationId,
          invoiceId: invoice!.id,
          amount,
          paymentDate: paidAt,
          paymentMethod: 'online',
          transactionReference: await nextNumber(db, 'transaction', paidAt),
          paidBy: person.user.id,
        });
      }
    }
  }
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A scheme published 30 days ago whose window closed yesterday; an auction's bidding opens minutes from now. */
async function worldScheme(
  db: Database,
  ho: CurrentUser,
  mode: 'draw' | 'auction',
  plotIds: string[],
  beacon: DrawBeacon,
): Promise<string> {
  const now = new Date();
  const seed = randomBytes(SCHEME_RULES.seedBytes).toString('hex');
  const commitment = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
  const opensAt = addDays(now, -30);
  const number = await nextNumber(db, 'scheme', opensAt);
  const title =
    mode === 'draw' ? 'Madikonda food park: plots by draw of lots' : 'Kazipet large plot: e-auction opening today';
  const startsAt = new Date(now.getTime() + WORLD_AUCTION_OPENS_AFTER_MS);
  const endsAt = new Date(startsAt.getTime() + WORLD_AUCTION_BIDDING_MS);
  const scheme = await insertScheme(
    db,
    {
      schemeNumber: number,
      title,
      mode,
      opensAt,
      closesAt: addDays(now, -1),
      ...(mode === 'auction' ? { increment: 25_000, auctionStartsAt: startsAt, auctionEndsAt: endsAt } : {}),
      ...(mode === 'draw' ? drawBeaconColumns(beacon, addDays(now, -1)) : {}),
      commitment,
      createdBy: ho.id,
      createdAt: opensAt,
      searchText: `${number} ${title}`.toLowerCase(),
    },
    seed,
  );
  for (const id of plotIds)
    await db.update(assets).set({ status: 'reserved', availableArea: 0 }).where(eq(assets.id, id));
  const plots = await db.select().from(assets);
  await insertSchemePlots(
    db,
    plotIds.map((assetId, index) => ({
      schemeId: scheme.id,
      assetId,
      position: index + 1,
      ...(mode === 'auction' ? { reservePrice: plots.find((plot) => plot.id === assetId)!.valuation, endsAt } : {}),
    })),
  );
  return scheme.id;
}

/** An application in the scheme, approved by scrutiny with its processing fee and EMD paid, applied for 20 days ago. */
async function schemeApplication(
  db: Database,
  person: Person,
  officer: CurrentUser,
  assetId: string,
  schemeId: string,
) {
  const [asset] = await db.select().from(assets).where(eq(assets.id, assetId));
  const submitted = onDay(addCalendarDays(businessTodayIso(), -20));
  // Approved three days before today, so its stage due date has not passed either (in a scheme nobody is waited on).
  const approved = onDay(addCalendarDays(businessTodayIso(), -3));
  const [application] = await db
    .insert(applications)
    .values({
      applicationNumber: await nextNumber(db, 'application', submitted),
      applicantId: person.applicantId,
      assetId,
      schemeId,
      applicationType: 'new',
      status: 'approved',
      currentStage: DEFAULT_STAGE.approved,
      stageCode: 'status',
      stageParams: { status: 'approved' },
      estimatedInvestment: 15_000_000,
      employmentGeneration: 20,
      projectDescription: 'Food processing unit in the scheme',
      createdAt: submitted,
      updatedAt: approved,
      submittedAt: submitted,
      ...startStageClock('approved', approved, { inScheme: true }),
    })
    .returning();
  await paidFees(
    db,
    person,
    application!.id,
    invoicesOnSubmit(asset!.valuation),
    onDay(addCalendarDays(businessTodayIso(), -19)),
  );
  for (const [code, params, at] of [
    [
      'application_created',
      { application_number: application!.applicationNumber, asset_code: asset!.assetCode },
      submitted,
    ],
    ['application_submitted', {}, submitted],
    [
      'status_changed',
      { from: 'submitted', to: 'approved', stage: DEFAULT_STAGE.approved, ...stageToParams(statusStage('approved')) },
      approved,
    ],
  ] as [TimelineCode, TimelineParams, Date][]) {
    await db.insert(timelineEvents).values({
      applicationId: application!.id,
      ...timelineEntry(code, params),
      userRole: code === 'status_changed' ? 'zonal_manager' : 'entrepreneur',
      userName: code === 'status_changed' ? officer.fullName : person.user.fullName,
      userId: code === 'status_changed' ? officer.id : person.user.id,
      entityType: 'application',
      entityId: application!.id,
      timestamp: at,
    });
  }
  await refreshWaitingOn(db, { id: application!.id, status: 'approved' });
}
