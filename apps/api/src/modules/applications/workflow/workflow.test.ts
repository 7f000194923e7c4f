import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDayAfter } from '../../../test/expected';
import {
  APPLICATION_EVENTS,
  APPLICATION_STATUSES,
  can,
  manualEventFor,
  ROLES,
  type ApplicationStatus,
  type Role,
} from '@portal/contract';
import { findApplicationById } from '../../../repositories/applications';
import { findDocument, insertDocument } from '../../../repositories/documents';
import { insertInvoice, listInvoices, markInvoicePaidIfUnpaid } from '../../../repositories/invoices';
import { listEventsForApplication } from '../../../repositories/timeline';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication, insertTestAsset, setApplicationStatus } from '../../../test/workflow-fixtures';

type Pair = { from: ApplicationStatus; to: ApplicationStatus };
const PAIRS: Pair[] = APPLICATION_STATUSES.flatMap((from) => APPLICATION_STATUSES.map((to) => ({ from, to })));
/** Roles that get past the route's permission check at all. */
const STATUS_ROLES = ROLES.filter((role) => can(role, 'update:application:status') || can(role, 'record:decision'));

/** The permission PUT /status needs for a pair: its manual event's (null when the lifecycle has none). */
function statusUpdatePermission(from: ApplicationStatus, to: ApplicationStatus) {
  const name = manualEventFor(from, to);
  const by = name ? APPLICATION_EVENTS[name].by : null;
  return by?.kind === 'staff' ? by.permission : null;
}

// Generated from the contract: a new status, transition or role adds cases here by itself.
const ALLOWED = PAIRS.flatMap(({ from, to }) => {
  const permission = statusUpdatePermission(from, to);
  return permission ? ROLES.filter((role) => can(role, permission)).map((role) => ({ role, from, to })) : [];
});
const REFUSED_PAIRS = PAIRS.filter(({ from, to }) => statusUpdatePermission(from, to) === null).map((pair, index) => ({
  ...pair,
  role: STATUS_ROLES[index % STATUS_ROLES.length]!,
}));
const FORBIDDEN = PAIRS.flatMap(({ from, to }) => {
  const permission = statusUpdatePermission(from, to);
  return permission ? ROLES.filter((role) => !can(role, permission)).map((role) => ({ role, from, to })) : [];
});

describe(`officer workflow: status updates and document verification (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let applicationId: string;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ROLES) tokens[role] = await ctx.tokenFor(role);
    applicationId = (await insertTestApplication(ctx, 'submitted')).id;
  });
  afterAll(() => ctx.close());

  const putStatus = (role: Role, id: string, body: Record<string, unknown>) =>
    ctx.request(tokens[role], { method: 'PUT', url: `/api/applications/${id}/status`, payload: body });
  const statusOf = async (id: string) => (await findApplicationById(ctx.db, id))!.status;

  it('covers every pair of statuses', () => {
    expect(ALLOWED.length).toBeGreaterThan(0);
    expect(new Set([...ALLOWED, ...REFUSED_PAIRS].map(({ from, to }) => `${from}>${to}`)).size).toBe(
      APPLICATION_STATUSES.length ** 2,
    );
  });

  it.each(ALLOWED)('$role moves $from → $to (200, stage and timeline written)', async ({ role, from, to }) => {
    await setApplicationStatus(ctx, applicationId, from);
    const stage = `Stage ${from} to ${to} by ${role}`;
    const response = await putStatus(role, applicationId, { status: to, current_stage: stage });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: applicationId, current_stage: stage });
    const row = await findApplicationById(ctx.db, applicationId);
    // Entering pending_payment may go straight on to payment_verified only when nothing is unpaid; here the premium is.
    expect(row!.status).toBe(to);
    expect(row!.currentStage).toBe(stage);
    const events = await listEventsForApplication(ctx.db, applicationId);
    expect(events.some((event) => event.user_role === role && event.details.includes(stage))).toBe(true);
  });

  it.each(REFUSED_PAIRS)('$role is refused $from → $to and nothing changes', async ({ role, from, to }) => {
    await setApplicationStatus(ctx, applicationId, from);
    const response = await putStatus(role, applicationId, { status: to, current_stage: 'Should not be written' });
    if (from === 'draft') {
      // Staff never see a draft: it answers as if it did not exist.
      expect(response.statusCode, response.body).toBe(404);
    } else {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().detail).toMatch(/cannot be moved/);
      expect(response.json()).toMatchObject({
        code: 'wrong_state',
        reason: 'transition_not_allowed',
        params: { from, to },
      });
    }
    expect(await statusOf(applicationId)).toBe(from);
  });

  it.each(FORBIDDEN)('$role may not move $from → $to (403, nothing changes)', async ({ role, from, to }) => {
    await setApplicationStatus(ctx, applicationId, from);
    const response = await putStatus(role, applicationId, { status: to, current_stage: 'Should not be written' });
    expect(response.statusCode, response.body).toBe(403);
    expect(await statusOf(applicationId)).toBe(from);
  });

  it('answers 404 for an unknown application and 422 for a malformed body', async () => {
    const missing = await putStatus('ho', crypto.randomUUID(), { status: 'under_scrutiny', current_stage: 'x' });
    expect(missing.statusCode).toBe(404);
    const malformed = await putStatus('ho', applicationId, { status: 'flying', current_stage: '' });
    expect(malformed.statusCode).toBe(422);
    const anonymous = await ctx.request(null, {
      method: 'PUT',
      url: `/api/applications/${applicationId}/status`,
      payload: { status: 'rejected', current_stage: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('assigns the application to a committee member, and refuses an entrepreneur as assignee', async () => {
    const app = await insertTestApplication(ctx, 'submitted');
    const users = (await ctx.request(tokens.zonal_manager, { method: 'GET', url: '/api/users?role=committee' })).json();
    const committee = users.find((user: { role: string }) => user.role === 'committee');
    const assigned = await putStatus('zonal_manager', app.id, {
      status: 'under_scrutiny',
      current_stage: 'Under scrutiny',
      assigned_to: committee.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assigned_to).toBe(committee.id);
    expect((await findApplicationById(ctx.db, app.id))!.assignedTo).toBe(committee.id);
    const events = await listEventsForApplication(ctx.db, app.id);
    expect(events.map((event) => event.action)).toContain('Application assigned');

    const me = (await ctx.request(tokens.entrepreneur, { method: 'GET', url: '/api/auth/me' })).json();
    const refused = await putStatus('zonal_manager', app.id, {
      status: 'pending_committee',
      current_stage: 'x',
      assigned_to: me.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(await statusOf(app.id)).toBe('under_scrutiny');
  });

  it('raises the premium instalment (25% of valuation, due in 30 days) on entering pending_payment, once', async () => {
    const asset = await insertTestAsset(ctx, { valuation: 3_000_000 });
    const app = await insertTestApplication(ctx, 'approved', { assetId: asset.id });
    const response = await putStatus('ho', app.id, { status: 'pending_payment', current_stage: 'Pending payment' });
    expect(response.statusCode).toBe(200);
    const invoices = await listInvoices(ctx.db, { applicationId: app.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      invoiceType: 'premium_instalment',
      amount: 750_000,
      status: 'pending',
    });
    expect(invoices[0]!.dueDate).toBe(indiaDayAfter(30));
    expect(invoices[0]!.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const events = await listEventsForApplication(ctx.db, app.id);
    expect(events.find((event) => event.action === 'Invoice generated')).toMatchObject({
      user_role: 'SYSTEM',
      entity_type: 'invoice',
    });

    await setApplicationStatus(ctx, app.id, 'approved');
    expect((await putStatus('ho', app.id, { status: 'pending_payment', current_stage: 'Again' })).statusCode).toBe(200);
    expect(await listInvoices(ctx.db, { applicationId: app.id })).toHaveLength(1);
  });

  it('goes on to payment_verified when nothing is left unpaid', async () => {
    const app = await insertTestApplication(ctx, 'approved');
    const premium = await insertInvoice(ctx.db, {
      applicationId: app.id,
      invoiceType: 'premium_instalment',
      amount: 10,
      dueDate: '2099-01-01',
      invoiceNumber: `INV-T-${app.id.slice(0, 8)}`,
    });
    await markInvoicePaidIfUnpaid(ctx.db, premium!.id);
    const response = await putStatus('admin', app.id, { status: 'pending_payment', current_stage: 'Pending payment' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('payment_verified');
    const events = await listEventsForApplication(ctx.db, app.id);
    expect(events[0]).toMatchObject({
      action: 'Payment verified',
      event_code: 'payment_verified',
      user_role: 'SYSTEM',
    });
  });

  it('writes the timeline in plain words, not status codes', async () => {
    const app = await insertTestApplication(ctx, 'under_scrutiny');
    const response = await putStatus('zonal_manager', app.id, {
      status: 'pending_committee',
      current_stage: 'With the SLSC',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [event] = await listEventsForApplication(ctx.db, app.id);
    expect(event).toMatchObject({
      action: 'Status changed to Pending committee',
      details: 'Moved from Under scrutiny to Pending committee. Stage: With the SLSC',
      user_role: 'zonal_manager',
    });
    expect(`${event!.action} ${event!.details}`).not.toMatch(/[a-z]_[a-z]|[A-Z]{2,} [A-Z]{2,}/);
  });

  it('lets exactly one of ten racing status updates win', async () => {
    const app = await insertTestApplication(ctx, 'submitted');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        putStatus(STATUS_ROLES[index % STATUS_ROLES.length]!, app.id, {
          status: 'under_scrutiny',
          current_stage: `Racer ${index}`,
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    const winner = responses.find((response) => response.statusCode === 200)!.json();
    const row = await findApplicationById(ctx.db, app.id);
    expect(row).toMatchObject({ status: winner.status, currentStage: winner.current_stage });
    const events = await listEventsForApplication(ctx.db, app.id);
    expect(events.filter((event) => event.action.startsWith('Status changed'))).toHaveLength(1);
  });

  it('lets exactly one of ten racing committee decisions win, and raises one premium invoice', async () => {
    const app = await insertTestApplication(ctx, 'pending_committee');
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        putStatus((['committee', 'ho', 'admin'] as const)[index % 3]!, app.id, {
          status: index % 2 ? 'approved' : 'rejected',
          current_stage: `Decision ${index}`,
        }),
      ),
    );
    expect(decisions.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(decisions.filter((response) => response.statusCode === 409)).toHaveLength(9);

    await setApplicationStatus(ctx, app.id, 'approved');
    const payments = await Promise.all(
      Array.from({ length: 10 }, () =>
        putStatus('ho', app.id, { status: 'pending_payment', current_stage: 'Pending payment' }),
      ),
    );
    expect(payments.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(await listInvoices(ctx.db, { applicationId: app.id })).toHaveLength(1);
  });

  describe('document verification', () => {
    // A rejection carries its reason; a verification sends no body, as the spec's call does.
    const verify = (role: Role, appId: string, docId: string, verified: boolean) =>
      ctx.request(tokens[role], {
        method: 'PUT',
        url: `/api/applications/${appId}/documents/${docId}/verify?verified=${verified}`,
        ...(!verified && { payload: { reason: 'The scan is not readable' } }),
      });
    const newDocument = async (appId: string) =>
      insertDocument(ctx.db, {
        applicationId: appId,
        documentType: 'pan_card',
        fileName: 'pan.pdf',
        storageKey: '0'.repeat(32),
        fileSize: 10,
        contentType: 'application/pdf',
      });

    it.each(ROLES.filter((role) => can(role, 'verify:document')))(
      '%s verifies one document and rejects another',
      async (role) => {
        const app = await insertTestApplication(ctx, 'under_scrutiny');
        const [first, second] = [await newDocument(app.id), await newDocument(app.id)];
        const verified = await verify(role, app.id, first.id, true);
        expect(verified.statusCode, verified.body).toBe(200);
        expect(verified.json()).toMatchObject({ id: first.id, verified: true, verification_status: 'verified' });
        const rejected = await verify(role, app.id, second.id, false);
        expect(rejected.json()).toMatchObject({ verified: false, verification_status: 'rejected' });
        expect(await findDocument(ctx.db, app.id, second.id)).toMatchObject({
          verificationStatus: 'rejected',
          verified: false,
        });
        const events = await listEventsForApplication(ctx.db, app.id);
        expect(events.slice(0, 2).map((event) => [event.action, event.details, event.user_role])).toEqual([
          ['Document rejected', 'PAN card: pan.pdf. Reason: The scan is not readable', role],
          ['Document verified', 'PAN card: pan.pdf', role],
        ]);
        expect((await verify(role, app.id, first.id, false)).statusCode).toBe(409);
      },
    );

    it.each(ROLES.filter((role) => !can(role, 'verify:document')))(
      '%s may not verify a document (403)',
      async (role) => {
        const app = await insertTestApplication(ctx, 'under_scrutiny');
        const document = await newDocument(app.id);
        expect((await verify(role, app.id, document.id, true)).statusCode).toBe(403);
        expect(await findDocument(ctx.db, app.id, document.id)).toMatchObject({ verificationStatus: 'pending' });
      },
    );

    it('refuses a draft (404: staff never see drafts), an unknown or foreign document (404) and a bad flag (422)', async () => {
      const draft = await insertTestApplication(ctx, 'draft');
      const draftDocument = await newDocument(draft.id);
      expect((await verify('ho', draft.id, draftDocument.id, true)).statusCode).toBe(404);
      const other = await insertTestApplication(ctx, 'submitted');
      expect((await verify('ho', other.id, draftDocument.id, true)).statusCode).toBe(404);
      expect((await verify('ho', other.id, crypto.randomUUID(), true)).statusCode).toBe(404);
      const bad = await ctx.request(tokens.ho, {
        method: 'PUT',
        url: `/api/applications/${other.id}/documents/${draftDocument.id}/verify?verified=maybe`,
      });
      expect(bad.statusCode).toBe(422);
    });

    it('lets exactly one of racing verify and reject calls win', async () => {
      const app = await insertTestApplication(ctx, 'submitted');
      const document = await newDocument(app.id);
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) => verify('zonal_manager', app.id, document.id, index % 2 === 0)),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(7);
    });
  });
});
