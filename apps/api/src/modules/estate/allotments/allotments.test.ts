import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  can,
  formatDate,
  possessionCertificateNumber,
  ROLES,
  statusesFor,
  businessToday,
  type Role,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { allotments } from '../../../db/schema';
import { insertAllotment, type AllotmentRow } from '../../../repositories/allotments';
import { insertApplicant } from '../../applications/repositories/applicants';
import { findApplicationById, type ApplicationRow } from '../../../repositories/applications';
import { findAssetById } from '../../../repositories/assets';
import { nextNumber } from '../../../repositories/counters';
import { listEventsForApplication } from '../../../repositories/timeline';
import { findUserByEmail } from '../../../repositories/users';
import {
  createTestContext,
  multipart,
  registerEntrepreneur,
  SAMPLE_FILES,
  TEST_DB_KIND,
  type TestContext,
} from '../../../test/harness';
import { entrepreneurWithProfile, expectLimitRefused, getList, walkList } from '../../../test/list-fixtures';
import { insertTestApplication, insertTestAsset, setApplicationStatus } from '../../../test/workflow-fixtures';

const CREATORS = ROLES.filter((role) => can(role, 'create:allotment'));
const NOT_CREATORS = ROLES.filter((role) => !can(role, 'create:allotment'));
const VERIFIERS = ROLES.filter((role) => can(role, 'verify:lease-deed'));
const NOT_VERIFIERS = ROLES.filter((role) => !can(role, 'verify:lease-deed'));
const POSSESSION_RECORDERS = ROLES.filter((role) => can(role, 'record:possession'));
const NOT_POSSESSION_RECORDERS = ROLES.filter((role) => !can(role, 'record:possession'));
const NOT_UPLOADERS = ROLES.filter((role) => !can(role, 'upload:lease-deed:own'));
const NOT_ALLOTTABLE = APPLICATION_STATUSES.filter((status) => !statusesFor('allot').includes(status));

describe(`allotments, lease deeds and possession (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const tokens = {} as Record<Role, string>;
  let stranger: { token: string; id: string; email: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ROLES) tokens[role] = await ctx.tokenFor(role);
    stranger = await registerEntrepreneur(ctx, 'Other Applicant');
    await insertApplicant(ctx.db, stranger.id, {
      organizationName: 'Other Works',
      panNumber: 'ZZZZZ9999Z',
      category: 'general',
      address: 'Somewhere',
      city: 'Warangal',
      state: 'Telangana',
      pincode: '506001',
      bankName: 'Bank',
      bankAccount: '123456789',
      bankIfsc: 'SBIN0000001',
    });
  });
  afterAll(() => ctx.close());

  const allot = (role: Role, body: Record<string, unknown>) =>
    ctx.request(tokens[role], { method: 'POST', url: '/api/allotments', payload: body });
  const bodyFor = (app: { id: string; assetId: string }, extra: Record<string, unknown> = {}) => ({
    application_id: app.id,
    asset_id: app.assetId,
    allotment_type: 'provisional',
    allotment_date: businessToday(),
    expiry_date: '',
    ...extra,
  });
  const uploadDeed = (token: string, allotmentId: string, name = 'lease-deed.pdf', bytes = SAMPLE_FILES.pdf()) =>
    ctx.request(token, {
      method: 'POST',
      url: `/api/allotments/${allotmentId}/lease-deed`,
      ...multipart({}, { name, bytes }),
    });
  const verifyDeed = (role: Role, allotmentId: string, verification_status: string, remarks?: string) =>
    ctx.request(tokens[role], {
      method: 'PUT',
      url: `/api/allotments/${allotmentId}/lease-deed/verify`,
      payload: { verification_status, remarks },
    });
  const possess = (role: Role, allotmentId: string, extra: Record<string, unknown> = {}) =>
    ctx.request(tokens[role], {
      method: 'POST',
      url: `/api/allotments/${allotmentId}/possession`,
      payload: {
        possession_date: businessToday(),
        area_verified: 950.5,
        boundary_marked: true,
        remarks: 'Boundary stones in place',
        ...extra,
      },
    });

  /** An approved application of the demo entrepreneur with a provisional allotment made by ho. */
  async function allotted(ownerEmail?: string) {
    const app = await insertTestApplication(ctx, 'approved', { ownerEmail });
    const response = await allot('ho', bodyFor(app));
    expect(response.statusCode, response.body).toBe(201);
    return { app, allotment: response.json() as { id: string; allotment_number: string } };
  }
  /** ... with its lease deed uploaded and approved. */
  async function deedApproved() {
    const made = await allotted();
    expect((await uploadDeed(tokens.entrepreneur, made.allotment.id)).statusCode).toBe(201);
    expect((await verifyDeed('zonal_manager', made.allotment.id, 'approved')).statusCode).toBe(200);
    return made;
  }

  describe('creating an allotment', () => {
    it.each(CREATORS)(
      '%s allots an approved application provisionally: asset reserved, letter generated, timeline',
      async (role) => {
        const app = await insertTestApplication(ctx, 'approved');
        const response = await allot(role, bodyFor(app, { expiry_date: '2030-12-31' }));
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({
          application_id: app.id,
          asset_id: app.assetId,
          allotment_type: 'provisional',
          allotment_date: businessToday(),
          expiry_date: '2030-12-31',
          status: 'active',
          letter_generated: true,
        });
        expect(response.json().allotment_number).toMatch(/^ALT-\d{4}-\d{6}$/);
        expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'provisional_allotment' });
        expect(await findAssetById(ctx.db, app.assetId)).toMatchObject({ status: 'reserved' });
        const [event] = await listEventsForApplication(ctx.db, app.id);
        expect(event).toMatchObject({ action: 'Allotment created', user_role: role, entity_type: 'allotment' });
      },
    );

    it('allots a payment-verified application finally: status final_allotment, asset allotted, empty expiry kept empty', async () => {
      const app = await insertTestApplication(ctx, 'payment_verified');
      const response = await allot('committee', bodyFor(app, { allotment_type: 'final' }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ allotment_type: 'final', expiry_date: null });
      expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'final_allotment' });
      expect(await findAssetById(ctx.db, app.assetId)).toMatchObject({ status: 'allotted' });
    });

    it.each(NOT_ALLOTTABLE)('refuses an application in %s with 409', async (status) => {
      const app = await insertTestApplication(ctx, status);
      const response = await allot('admin', bodyFor(app));
      expect(response.statusCode).toBe(409);
      expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status });
      expect(await findAssetById(ctx.db, app.assetId)).toMatchObject({ status: 'available' });
    });

    it.each(NOT_CREATORS)('%s may not create an allotment (403)', async (role) => {
      const app = await insertTestApplication(ctx, 'approved');
      expect((await allot(role, bodyFor(app))).statusCode).toBe(403);
      expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'approved' });
    });

    it('refuses another asset (400), an unknown application (404) and a malformed body (422)', async () => {
      const app = await insertTestApplication(ctx, 'approved');
      const other = await insertTestAsset(ctx);
      expect((await allot('ho', bodyFor(app, { asset_id: other.id }))).statusCode).toBe(400);
      expect((await allot('ho', bodyFor({ id: crypto.randomUUID(), assetId: app.assetId }))).statusCode).toBe(404);
      const malformed = await allot('ho', bodyFor(app, { allotment_type: 'forever', allotment_date: '31/12/2030' }));
      expect(malformed.statusCode).toBe(422);
    });

    it('allots one asset once when ten approved applications race for it: one 201, nine 409', async () => {
      const asset = await insertTestAsset(ctx);
      const apps = [];
      for (let index = 0; index < 10; index++)
        apps.push(await insertTestApplication(ctx, 'approved', { assetId: asset.id }));
      const responses = await Promise.all(
        apps.map((app, index) => allot(CREATORS[index % CREATORS.length]!, bodyFor(app))),
      );
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(9);
      const winner = responses.find((response) => response.statusCode === 201)!.json();
      const listed = (await ctx.request(tokens.ho, { method: 'GET', url: '/api/allotments' })).json() as {
        asset_id: string;
        application_id: string;
        application_number: string;
      }[];
      expect(listed.filter((allotment) => allotment.asset_id === asset.id)).toHaveLength(1);
      // Each row carries its application's number, so the screen needs no lookup per row.
      const winnerRow = listed.find((allotment) => allotment.application_id === winner.application_id)!;
      expect(winnerRow.application_number).toBe(
        apps.find((app) => app.id === winner.application_id)!.applicationNumber,
      );
      for (const app of apps) {
        const row = await findApplicationById(ctx.db, app.id);
        expect(row!.status).toBe(app.id === winner.application_id ? 'provisional_allotment' : 'approved');
      }
    });

    it('allots one application once when ten requests race', async () => {
      const app = await insertTestApplication(ctx, 'approved');
      const responses = await Promise.all(Array.from({ length: 10 }, () => allot('ho', bodyFor(app))));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(9);
    });

    it('refuses an asset that another active allotment already holds (409)', async () => {
      const { app } = await allotted();
      const rival = await insertTestApplication(ctx, 'approved', { assetId: app.assetId });
      const response = await allot('ho', bodyFor(rival));
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(/already held/);
    });
  });

  describe('reading allotments', () => {
    it('gives an entrepreneur only their own, staff all, and filters by application', async () => {
      const mine = await allotted();
      const theirs = await allotted(stranger.email);
      const own = (await ctx.request(tokens.entrepreneur, { method: 'GET', url: '/api/allotments' })).json() as {
        id: string;
      }[];
      expect(own.map((allotment) => allotment.id)).toContain(mine.allotment.id);
      expect(own.map((allotment) => allotment.id)).not.toContain(theirs.allotment.id);
      const strangers = (await ctx.request(stranger.token, { method: 'GET', url: '/api/allotments' })).json() as {
        id: string;
      }[];
      expect(strangers.map((allotment) => allotment.id)).toEqual([theirs.allotment.id]);

      for (const role of ROLES.filter((candidate) => can(candidate, 'read:allotments:any'))) {
        const all = (await ctx.request(tokens[role], { method: 'GET', url: '/api/allotments' })).json() as {
          id: string;
        }[];
        expect(all.map((allotment) => allotment.id)).toEqual(
          expect.arrayContaining([mine.allotment.id, theirs.allotment.id]),
        );
      }
      const filtered = await ctx.request(tokens.legal, {
        method: 'GET',
        url: `/api/allotments?application_id=${mine.app.id}`,
      });
      expect(filtered.json().map((allotment: { id: string }) => allotment.id)).toEqual([mine.allotment.id]);
    });

    it('answers one allotment to its owner and staff, and 404 to another entrepreneur', async () => {
      const { allotment } = await allotted();
      expect(
        (await ctx.request(tokens.entrepreneur, { method: 'GET', url: `/api/allotments/${allotment.id}` })).json(),
      ).toMatchObject({ id: allotment.id });
      expect(
        (await ctx.request(tokens.finance, { method: 'GET', url: `/api/allotments/${allotment.id}` })).statusCode,
      ).toBe(200);
      expect(
        (await ctx.request(stranger.token, { method: 'GET', url: `/api/allotments/${allotment.id}` })).statusCode,
      ).toBe(404);
      expect(
        (await ctx.request(tokens.ho, { method: 'GET', url: `/api/allotments/${crypto.randomUUID()}` })).statusCode,
      ).toBe(404);
      expect((await ctx.request(null, { method: 'GET', url: '/api/allotments' })).statusCode).toBe(401);
    });
  });

  describe('lease deeds', () => {
    it('the owner uploads a PDF: deed pending, application lease_submitted, file readable by owner and staff', async () => {
      const { app, allotment } = await allotted();
      expect(
        (await ctx.request(tokens.entrepreneur, { method: 'GET', url: `/api/allotments/${allotment.id}/lease-deed` }))
          .statusCode,
      ).toBe(404);
      const response = await uploadDeed(tokens.entrepreneur, allotment.id);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        allotment_id: allotment.id,
        file_name: 'lease-deed.pdf',
        verification_status: 'pending',
        remarks: null,
      });
      expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'lease_submitted' });
      const latest = await ctx.request(tokens.zonal_manager, {
        method: 'GET',
        url: `/api/allotments/${allotment.id}/lease-deed`,
      });
      expect(latest.json()).toMatchObject({ id: response.json().id, verification_status: 'pending' });
      for (const token of [tokens.entrepreneur, tokens.legal]) {
        const file = await ctx.request(token, {
          method: 'GET',
          url: `/api/allotments/${allotment.id}/lease-deed/file`,
        });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-disposition']).toMatch(/^attachment; filename="lease-deed.pdf"/);
        expect(file.rawPayload.equals(SAMPLE_FILES.pdf())).toBe(true);
      }
      expect(
        (await ctx.request(stranger.token, { method: 'GET', url: `/api/allotments/${allotment.id}/lease-deed/file` }))
          .statusCode,
      ).toBe(404);
      const [event] = await listEventsForApplication(ctx.db, app.id);
      expect(event).toMatchObject({
        action: 'Lease deed uploaded',
        user_role: 'entrepreneur',
        entity_type: 'lease_deed',
      });
      // A pending deed cannot be replaced.
      expect((await uploadDeed(tokens.entrepreneur, allotment.id)).statusCode).toBe(409);
    });

    it('refuses a non-PDF (415), a renamed executable (415) and a missing file (400)', async () => {
      const { allotment } = await allotted();
      expect((await uploadDeed(tokens.entrepreneur, allotment.id, 'deed.png', SAMPLE_FILES.png())).statusCode).toBe(
        415,
      );
      expect((await uploadDeed(tokens.entrepreneur, allotment.id, 'deed.pdf', SAMPLE_FILES.exe())).statusCode).toBe(
        415,
      );
      const empty = await ctx.request(tokens.entrepreneur, {
        method: 'POST',
        url: `/api/allotments/${allotment.id}/lease-deed`,
        ...multipart({ note: 'x' }),
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().detail).toBe('Please select a file');
    });

    it.each(NOT_UPLOADERS)('%s may not upload a lease deed (403)', async (role) => {
      const { allotment } = await allotted();
      expect((await uploadDeed(tokens[role], allotment.id)).statusCode).toBe(403);
    });

    it("refuses another entrepreneur's allotment (404) and a status that takes no deed (409)", async () => {
      const { app, allotment } = await allotted();
      expect((await uploadDeed(stranger.token, allotment.id)).statusCode).toBe(404);
      for (const status of APPLICATION_STATUSES.filter(
        (candidate) => !statusesFor('submit_lease_deed').includes(candidate),
      )) {
        await setApplicationStatus(ctx, app.id, status);
        expect((await uploadDeed(tokens.entrepreneur, allotment.id)).statusCode, status).toBe(409);
      }
    });

    it('needs_revision keeps the remarks and sends it back to provisional_allotment; the re-upload is approved: allotment final', async () => {
      const { app, allotment } = await allotted();
      await uploadDeed(tokens.entrepreneur, allotment.id);
      const revision = await verifyDeed('zonal_manager', allotment.id, 'needs_revision', 'Stamp duty page missing');
      expect(revision.statusCode, revision.body).toBe(200);
      expect(revision.json()).toMatchObject({
        verification_status: 'needs_revision',
        remarks: 'Stamp duty page missing',
      });
      expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'provisional_allotment' });
      expect((await verifyDeed('ho', allotment.id, 'approved')).statusCode).toBe(409);

      const again = await uploadDeed(tokens.entrepreneur, allotment.id, 'lease-deed-v2.pdf');
      expect(again.statusCode).toBe(201);
      const approved = await verifyDeed('ho', allotment.id, 'approved', 'In order');
      expect(approved.json()).toMatchObject({ id: again.json().id, verification_status: 'approved' });
      expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'final_allotment' });
      expect(
        (await ctx.request(tokens.entrepreneur, { method: 'GET', url: `/api/allotments/${allotment.id}` })).json(),
      ).toMatchObject({ allotment_type: 'final' });
      expect(await findAssetById(ctx.db, app.assetId)).toMatchObject({ status: 'allotted' });
      const actions = (await listEventsForApplication(ctx.db, app.id))
        .filter((event) => event.event_code !== 'status_changed')
        .map((event) => event.action);
      expect(actions.slice(0, 4)).toEqual([
        'Lease deed approved',
        'Lease deed uploaded',
        'Lease deed needs revision',
        'Lease deed uploaded',
      ]);
      expect((await uploadDeed(tokens.entrepreneur, allotment.id)).statusCode).toBe(409);
    });

    it('a rejected deed may be uploaded again', async () => {
      const { app, allotment } = await allotted();
      await uploadDeed(tokens.entrepreneur, allotment.id);
      expect((await verifyDeed('admin', allotment.id, 'rejected', 'Wrong survey number')).json()).toMatchObject({
        verification_status: 'rejected',
        remarks: 'Wrong survey number',
      });
      expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'provisional_allotment' });
      expect((await uploadDeed(tokens.entrepreneur, allotment.id)).statusCode).toBe(201);
    });

    it.each(VERIFIERS)('%s verifies a pending deed', async (role) => {
      const { allotment } = await allotted();
      await uploadDeed(tokens.entrepreneur, allotment.id);
      expect((await verifyDeed(role, allotment.id, 'approved')).statusCode).toBe(200);
    });

    it.each(NOT_VERIFIERS)('%s may not verify a lease deed (403)', async (role) => {
      const { allotment } = await allotted();
      await uploadDeed(tokens.entrepreneur, allotment.id);
      expect((await verifyDeed(role, allotment.id, 'approved')).statusCode).toBe(403);
      expect(
        (await ctx.request(tokens.ho, { method: 'GET', url: `/api/allotments/${allotment.id}/lease-deed` })).json(),
      ).toMatchObject({ verification_status: 'pending' });
    });

    it('answers 404 without a deed, 422 for an unknown verdict, and lets one of racing verdicts win', async () => {
      const { allotment } = await allotted();
      expect((await verifyDeed('ho', allotment.id, 'approved')).statusCode).toBe(404);
      await uploadDeed(tokens.entrepreneur, allotment.id);
      expect((await verifyDeed('ho', allotment.id, 'pending')).statusCode).toBe(422);
      const verdicts = ['approved', 'rejected', 'needs_revision'];
      const responses = await Promise.all(
        Array.from({ length: 9 }, (_, index) =>
          verifyDeed(VERIFIERS[index % VERIFIERS.length]!, allotment.id, verdicts[index % 3]!),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(8);
    });
  });

  describe('possession', () => {
    it.each(POSSESSION_RECORDERS)(
      '%s records possession after deed approval: certificate, possession_given, asset allotted',
      async (role) => {
        const { app, allotment } = await deedApproved();
        expect(
          (await ctx.request(tokens.entrepreneur, { method: 'GET', url: `/api/allotments/${allotment.id}/possession` }))
            .statusCode,
        ).toBe(404);
        const response = await possess(role, allotment.id);
        expect(response.statusCode, response.body).toBe(201);
        const possession = response.json();
        expect(possession).toMatchObject({
          allotment_id: allotment.id,
          area_verified: 950.5,
          boundary_marked: true,
          remarks: 'Boundary stones in place',
          possession_date: businessToday(),
        });
        expect(possession.certificate_number).toBe(possessionCertificateNumber(possession.id));
        expect(possession.certificate_number).toHaveLength(12);
        expect(await findApplicationById(ctx.db, app.id)).toMatchObject({ status: 'possession_given' });
        expect(await findAssetById(ctx.db, app.assetId)).toMatchObject({ status: 'allotted' });
        const read = await ctx.request(tokens.entrepreneur, {
          method: 'GET',
          url: `/api/allotments/${allotment.id}/possession`,
        });
        expect(read.json()).toMatchObject({ id: possession.id, certificate_number: possession.certificate_number });
        const [event] = await listEventsForApplication(ctx.db, app.id);
        expect(event).toMatchObject({
          action: 'Possession recorded',
          details: `Possession given on ${formatDate(businessToday())}; certificate ${possession.certificate_number} issued`,
          user_role: role,
          entity_type: 'possession',
        });
        expect((await possess(role, allotment.id)).statusCode).toBe(409);
      },
    );

    it.each(NOT_POSSESSION_RECORDERS)('%s may not record possession (403)', async (role) => {
      const { allotment } = await deedApproved();
      expect((await possess(role, allotment.id)).statusCode).toBe(403);
    });

    it('refuses before the deed is approved (409), more area than the asset has (400), and no area (422)', async () => {
      const { allotment } = await allotted();
      expect((await possess('ho', allotment.id)).statusCode).toBe(409);
      await uploadDeed(tokens.entrepreneur, allotment.id);
      expect((await possess('ho', allotment.id)).statusCode).toBe(409);
      await verifyDeed('ho', allotment.id, 'approved');
      expect((await possess('ho', allotment.id, { area_verified: 1_000_000 })).statusCode).toBe(400);
      const missing = await possess('ho', allotment.id, { area_verified: undefined });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors[0].message).toBe('Please enter area verified');
      expect((await possess('ho', crypto.randomUUID())).statusCode).toBe(404);
    });

    it('records possession once when ten requests race', async () => {
      const { allotment } = await deedApproved();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          possess(POSSESSION_RECORDERS[index % POSSESSION_RECORDERS.length]!, allotment.id),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(9);
    });
  });
  describe('list protocol', () => {
    let owner: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
    let rival: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
    const ownApps: ApplicationRow[] = [];
    const own: AllotmentRow[] = [];
    let rivalApp: ApplicationRow;
    let rivalAllotment: AllotmentRow;

    async function allotDirectly(app: ApplicationRow, allotmentDate: string): Promise<AllotmentRow> {
      const hoUser = await findUserByEmail(ctx.db, 'ho@example.com');
      return (await insertAllotment(ctx.db, {
        allotmentNumber: await nextNumber(ctx.db, 'allotment'),
        applicationId: app.id,
        assetId: app.assetId,
        allotmentType: 'provisional',
        allotmentDate,
        expiryDate: null,
        createdBy: hoUser!.id,
      }))!;
    }

    beforeAll(async () => {
      owner = await entrepreneurWithProfile(ctx, 'Manjira Agro');
      rival = await entrepreneurWithProfile(ctx, 'Musi Metals');
      for (const day of ['2025-01-10', '2025-02-10', '2025-03-10']) {
        const app = await insertTestApplication(ctx, 'provisional_allotment', { ownerEmail: owner.email });
        ownApps.push(app);
        own.push(await allotDirectly(app, day));
      }
      rivalApp = await insertTestApplication(ctx, 'provisional_allotment', { ownerEmail: rival.email });
      rivalAllotment = await allotDirectly(rivalApp, '2025-02-10');
    });

    it("pages an entrepreneur's allotments, never another's, with filters and q", async () => {
      const first = await getList(ctx, owner.token, '/api/allotments?limit=2');
      expect(first.items).toHaveLength(2);
      expect(first.total).toBe(3);
      const walked = await walkList(ctx, owner.token, '/api/allotments?limit=2');
      expect(walked.map((allotment) => allotment.id)).toEqual([...own].reverse().map((allotment) => allotment.id));
      expect(walked.map((allotment) => allotment.id)).not.toContain(rivalAllotment.id);
      const byDate = await getList(ctx, owner.token, '/api/allotments?from=2025-02-01&to=2025-03-10');
      expect(byDate.total).toBe(2);
      expect((await getList(ctx, owner.token, '/api/allotments?status=active&allotment_type=final')).total).toBe(0);
      const byNumber = await getList(ctx, owner.token, `/api/allotments?q=${own[1]!.allotmentNumber.toLowerCase()}`);
      expect(byNumber.items.map((allotment) => allotment.id)).toEqual([own[1]!.id]);
      const byApplication = await getList(ctx, owner.token, `/api/allotments?q=${ownApps[2]!.applicationNumber}`);
      expect(byApplication.items.map((allotment) => allotment.id)).toEqual([own[2]!.id]);
      const filtered = await getList(ctx, owner.token, `/api/allotments?application_id=${ownApps[0]!.id}`);
      expect(filtered.items.map((allotment) => allotment.id)).toEqual([own[0]!.id]);
      const refused = await ctx.request(owner.token, {
        method: 'GET',
        url: `/api/allotments?application_id=${rivalApp.id}`,
      });
      expect(refused.statusCode).toBe(404);
      const staff = await getList(ctx, tokens.ho, '/api/allotments?limit=1&sort=allotment_date');
      expect(staff.items).toHaveLength(1);
      const [recount] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(allotments);
      expect(staff.total).toBe(recount!.n);
      await expectLimitRefused(ctx, owner.token, '/api/allotments');
    });
  });
});
