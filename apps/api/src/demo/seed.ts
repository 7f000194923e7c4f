/** Demo data for a first start: the demo users, about 30 assets across zones, applications in various statuses,
 * allotments after possession (seed-estate.ts), and a draw and an e-auction on plots of their own (seed-schemes.ts).
 * Runs only on a database without users, so a second start keeps what is there. */
import { addDays, dueDateFrom } from '../core/dates';
import {
  isApplicant,
  FEES,
  invoicesOnSubmit,
  stageToParams,
  startStageClock,
  statusStage,
  timelineEnglish,
  type ApplicationStatus,
  type Role,
  type TimelineCode,
  type TimelineParams,
} from '@portal/contract';
import { hashPassword } from '../lib/passwords';
import { refreshWaitingOn } from '../case/waiting-on';
import { seedDemoEstate } from './seed-estate';
import { DEMO_SCHEME_PLOTS, seedDemoSchemes } from './seed-schemes';
import { nextNumber } from '../repositories/counters';
import { countUsers } from '../repositories/users';
import type { Database } from '../db/client';
import type { DrawBeacon } from '../lib/beacon';
import { demoDrawBeacon } from './demo-beacon';
import { applicants, applications, assets, invoices, timelineEvents, users } from '../db/schema';

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_USERS: { email: string; role: Role; fullName: string }[] = [
  { email: 'entrepreneur@example.com', role: 'entrepreneur', fullName: 'Ravi Kumar' },
  { email: 'zonal@example.com', role: 'zonal_manager', fullName: 'Lakshmi Rao' },
  { email: 'ho@example.com', role: 'ho', fullName: 'Suresh Reddy' },
  { email: 'committee@example.com', role: 'committee', fullName: 'Anita Sharma' },
  { email: 'legal@example.com', role: 'legal', fullName: 'Farhan Ali' },
  { email: 'finance@example.com', role: 'finance', fullName: 'Meera Iyer' },
  { email: 'admin@example.com', role: 'admin', fullName: 'System Administrator' },
];

const ZONES = [
  { zone: 'Hyderabad North', locations: ['Patancheru IDA', 'Jeedimetla IDA', 'Bollaram IE'] },
  { zone: 'Hyderabad South', locations: ['Shamshabad IP', 'Kothur IP', 'Maheshwaram IP'] },
  { zone: 'Warangal', locations: ['Madikonda IP', 'Kazipet IE'] },
  { zone: 'Karimnagar', locations: ['Ramagundam IDA', 'Peddapalli IP'] },
  { zone: 'Nalgonda', locations: ['Choutuppal IP', 'Bhongir IE'] },
];
const TYPES = ['land', 'plot', 'shed', 'building'] as const;
const CATEGORIES = ['industrial', 'msme', 'food-processing', 'pharma', 'logistics'];

/** The cells a demo asset of each type covers on its zone's layout map (width, height). */
const MAP_SIZE: Record<(typeof TYPES)[number], { w: number; h: number }> = {
  land: { w: 6, h: 4 },
  plot: { w: 3, h: 3 },
  shed: { w: 4, h: 3 },
  building: { w: 4, h: 4 },
};
/** Plots are laid out left to right in bands, with a one-cell road after each plot and between bands. */
const MAP_BAND_WIDTH = 16;
const MAP_BAND_HEIGHT = 4;

/** Places each asset, in order, on its zone's map: next in its zone's band, or at the start of a new band. */
function demoMapPlaces(items: { zone: string; type: (typeof TYPES)[number] }[]) {
  const cursor = new Map<string, { x: number; y: number }>();
  return items.map(({ zone, type }) => {
    const size = MAP_SIZE[type];
    let at = cursor.get(zone) ?? { x: 1, y: 1 };
    if (at.x + size.w - 1 > MAP_BAND_WIDTH) at = { x: 1, y: at.y + MAP_BAND_HEIGHT + 1 };
    cursor.set(zone, { x: at.x + size.w + 1, y: at.y });
    return { mapX: at.x, mapY: at.y, mapW: size.w, mapH: size.h };
  });
}

export async function seedDemoData(db: Database, beacon: DrawBeacon = demoDrawBeacon()): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const userRows = await tx
      .insert(users)
      .values(DEMO_USERS.map((user) => ({ email: user.email, role: user.role, fullName: user.fullName, passwordHash })))
      .returning();
    const entrepreneur = userRows.find(isApplicant)!;

    const assetValues = Array.from({ length: 30 }, (_, index) => {
      const zone = ZONES[index % ZONES.length]!;
      const type = TYPES[index % TYPES.length]!;
      const unit = type === 'land' ? ('acres' as const) : type === 'plot' ? ('sqm' as const) : ('sqft' as const);
      const totalArea =
        type === 'land' ? 2 + (index % 7) * 1.5 : type === 'plot' ? 1000 + index * 125 : 5000 + index * 250;
      return {
        assetCode: `${zone.zone.slice(0, 3).toUpperCase()}-${type.toUpperCase().slice(0, 2)}-${String(index + 1).padStart(3, '0')}`,
        categoryId: CATEGORIES[index % CATEGORIES.length]!,
        type,
        zone: zone.zone,
        location: zone.locations[index % zone.locations.length]!,
        surveyNumber: `${100 + index * 7}/${(index % 4) + 1}`,
        plotNumber: type === 'land' ? null : `P-${index + 1}`,
        totalArea,
        availableArea: totalArea,
        unit,
        valuation: 1_500_000 + index * 350_000,
        status: 'available' as const,
      };
    });
    // The schemes' plots follow the others on their zone's map.
    const places = demoMapPlaces([...assetValues, ...DEMO_SCHEME_PLOTS]);
    const assetRows = await tx
      .insert(assets)
      .values(assetValues.map((asset, index) => ({ ...asset, ...places[index]! })))
      .returning();
    const schemePlotRows = await tx
      .insert(assets)
      .values(DEMO_SCHEME_PLOTS.map((asset, index) => ({ ...asset, ...places[assetValues.length + index]! })))
      .returning();

    const [profile] = await tx
      .insert(applicants)
      .values({
        userId: entrepreneur.id,
        organizationName: 'Kumar Precision Components Pvt Ltd',
        panNumber: 'ABCPK1234L',
        gstNumber: '36ABCPK1234L1Z5',
        category: 'mse',
        address: 'Plot 12, Industrial Estate Road, Balanagar',
        city: 'Hyderabad',
        state: 'Telangana',
        pincode: '500037',
        bankName: 'State Bank of India',
        bankAccount: '30123456789',
        bankIfsc: 'SBIN0001234',
        sdpReference: null,
        kycVerified: true,
      })
      .returning();

    const plan: { status: ApplicationStatus; stage: string; description: string; investment: number; jobs: number }[] =
      [
        {
          status: 'draft',
          stage: 'Draft',
          description: 'CNC machining unit for automotive components',
          investment: 25_000_000,
          jobs: 40,
        },
        {
          status: 'submitted',
          stage: 'Submitted for scrutiny',
          description: 'Precision sheet-metal fabrication shed',
          investment: 12_000_000,
          jobs: 25,
        },
        {
          status: 'under_scrutiny',
          stage: 'Under scrutiny',
          description: 'Packaging material unit',
          investment: 8_000_000,
          jobs: 18,
        },
        {
          status: 'pending_committee',
          stage: 'Pending committee',
          description: 'Food processing and cold storage',
          investment: 45_000_000,
          jobs: 60,
        },
      ];
    const now = new Date();
    for (const [index, item] of plan.entries()) {
      const asset = assetRows[index * 3]!;
      const number = await nextNumber(tx, 'application');
      const createdAt = addDays(now, -(20 - index * 4));
      const submitted = item.status !== 'draft';
      const [application] = await tx
        .insert(applications)
        .values({
          applicationNumber: number,
          applicantId: profile!.id,
          assetId: asset.id,
          applicationType: 'new',
          status: item.status,
          currentStage: item.stage,
          stageCode: 'status',
          stageParams: { status: item.status },
          estimatedInvestment: item.investment,
          employmentGeneration: item.jobs,
          projectDescription: item.description,
          createdAt,
          updatedAt: createdAt,
          submittedAt: submitted ? addDays(createdAt, 1) : null,
          ...startStageClock(
            item.status,
            submitted ? addDays(createdAt, item.status === 'submitted' ? 1 : 3) : createdAt,
          ),
        })
        .returning();
      await tx.insert(timelineEvents).values({
        applicationId: application!.id,
        ...timelineEntry('application_created', { application_number: number, asset_code: asset.assetCode }),
        userRole: 'entrepreneur',
        userName: entrepreneur.fullName,
        userId: entrepreneur.id,
        entityType: 'application',
        entityId: application!.id,
        timestamp: createdAt,
      });
      if (!submitted) continue;
      const submittedAt = addDays(createdAt, 1);
      const due = dueDateFrom(submittedAt, FEES.invoiceDueDays);
      for (const { type, amount } of invoicesOnSubmit(asset.valuation)) {
        await tx.insert(invoices).values({
          invoiceNumber: await nextNumber(tx, 'invoice'),
          applicationId: application!.id,
          invoiceType: type,
          amount,
          dueDate: due,
          generatedAt: submittedAt,
        });
      }
      await tx.insert(timelineEvents).values({
        applicationId: application!.id,
        ...timelineEntry('application_submitted', {}),
        userRole: 'entrepreneur',
        userName: entrepreneur.fullName,
        userId: entrepreneur.id,
        entityType: 'application',
        entityId: application!.id,
        timestamp: submittedAt,
      });
      if (item.status !== 'submitted') {
        await tx.insert(timelineEvents).values({
          applicationId: application!.id,
          ...timelineEntry('status_changed', {
            from: 'submitted',
            to: item.status,
            stage: item.stage,
            ...stageToParams(statusStage(item.status)),
          }),
          userRole: 'zonal_manager',
          userName: 'Lakshmi Rao',
          userId: userRows.find((user) => user.role === 'zonal_manager')!.id,
          entityType: 'application',
          entityId: application!.id,
          timestamp: addDays(submittedAt, 2),
        });
      }
    }
    // Allotments after possession, on plots no seeded application is for (those are every third).
    const zonal = userRows.find((user) => user.role === 'zonal_manager')!;
    await seedDemoEstate(
      tx,
      { entrepreneur, applicantId: profile!.id, officer: zonal },
      [1, 2, 4, 5].map((index) => assetRows[index]!),
    );
    // A draw of lots taking applications and an e-auction to come, on plots of their own.
    await seedDemoSchemes(
      tx,
      userRows.find((user) => user.role === 'ho')!.id,
      schemePlotRows.map((row) => row.id),
      beacon,
    );
    // Whom each case waits on, from its facts as the case engine stores it (no documents yet: the applicant).
    for (const application of await tx.select().from(applications)) await refreshWaitingOn(tx, application);
    return true;
  });
}

/** The code, parameters and English text of a seeded timeline entry, as recordEvent writes them. */
function timelineEntry(code: TimelineCode, params: TimelineParams) {
  return { eventCode: code, params, ...timelineEnglish(code, params) };
}
