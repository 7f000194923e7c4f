// The orders of an allotment's life as issued documents (decision 014): service requests and show-cause notices are
// written straight into the database as the case engine leaves them when they take effect, then each order is
// downloaded and read back (its number, what it ordered, the holder), verified by its code, refused to another
// entrepreneur (404) and before it is issued (409 order_not_issued). A transfer supersedes the allotment's earlier
// letters, and the next letter is the new holder's. The words of every order are checked in Hindi and Telugu too.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  formattersFor,
  businessToday,
  type ServiceRequestType,
  type VerifiedDocument,
  type IssuedDocumentKind,
} from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { allotmentHolders, allotments, issuedDocuments, serviceRequests, showCauses } from '../../../db/schema';
import { DEMO_USERS } from '../../../demo/seed';
import type { AllotmentRow } from '../../../repositories/allotments';
import type { AssetRow } from '../../../repositories/assets';
import type { OrderServiceRequestRow, ShowCauseRow } from '../repositories/issued-orders';
import { findUserByEmail } from '../../../repositories/users';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import { composeServiceOrder, composeShowCauseNotice, composeShowCauseOrder } from './compose-orders';
import { documentLanguage } from './texts';

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const day = (iso: string) => formattersFor('en').date(iso);
const codeOf = (response: LightMyRequestResponse) => String(response.headers['x-verification-code']);
const orderNumber = () => `ORD-2026-${String(crypto.randomInt(100_000, 999_999))}`;

describe(`orders as issued documents (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: string;
  let ownerId: string;
  let stranger: string;
  let zonal: string;
  let officerId: string;

  const get = (token: string | null, url: string) => ctx.request(token, { method: 'GET', url });
  const verify = async (code: string) =>
    (await ctx.request(null, { method: 'GET', url: `/api/verify/${code}`, remoteAddress: '10.8.0.1' })).json();

  /** An allotment of the demo entrepreneur, made through the API. */
  async function newAllotment(): Promise<{ id: string; number: string; applicationId: string }> {
    const application = await insertTestApplication(ctx, 'approved');
    const made = await ctx.request(await ctx.tokenFor('ho'), {
      method: 'POST',
      url: '/api/allotments',
      payload: {
        application_id: application.id,
        asset_id: application.assetId,
        allotment_type: 'provisional',
        allotment_date: businessToday(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    return { id: made.json().id, number: made.json().allotment_number, applicationId: application.id };
  }

  /** A service request of the owner on the allotment; with `effect`, as it is once it took effect. */
  async function request(
    allotment: { id: string; applicationId: string },
    type: ServiceRequestType,
    effect?: { outcome: Record<string, string | number | boolean | null>; transfereeUserId?: string },
  ): Promise<OrderServiceRequestRow> {
    const [row] = await ctx.db
      .insert(serviceRequests)
      .values({
        requestNumber: `SR-${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
        userId: ownerId,
        requestType: type,
        applicationId: allotment.applicationId,
        allotmentId: allotment.id,
        description: `A ${type} request`,
        status: effect ? 'approved' : 'submitted',
        ...(type === 'eot' ? { milestone: 'commence_construction' as const } : {}),
        ...(effect
          ? {
              tookEffectAt: new Date(),
              orderNumber: orderNumber(),
              outcome: effect.outcome,
              transfereeUserId: effect.transfereeUserId ?? null,
            }
          : {}),
      })
      .returning();
    return row!;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await ctx.tokenFor('entrepreneur');
    zonal = await ctx.tokenFor('zonal_manager');
    ownerId = (await findUserByEmail(ctx.db, DEMO_USERS.find((user) => user.role === 'entrepreneur')!.email))!.id;
    officerId = (await findUserByEmail(ctx.db, DEMO_USERS.find((user) => user.role === 'zonal_manager')!.email))!.id;
    ({ token: stranger } = await registerEntrepreneur(ctx, 'Stranger'));
  });
  afterAll(() => ctx.close());

  describe('the order of a service request', () => {
    let allotment: { id: string; number: string; applicationId: string };
    beforeAll(async () => {
      allotment = await newAllotment();
    });

    it('is 409 order_not_issued until the request takes effect, 404 to another entrepreneur, then an order', async () => {
      const pending = await request(allotment, 'eot');
      const url = `/api/service-requests/${pending.id}/order.pdf`;
      const early = await get(owner, url);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'order_not_issued' });
      expect((await get(stranger, url)).statusCode).toBe(404);
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(zonal, url)).statusCode).toBe(409);

      const number = orderNumber();
      await ctx.db
        .update(serviceRequests)
        .set({
          status: 'approved',
          tookEffectAt: new Date(),
          orderNumber: number,
          outcome: {
            milestone: 'commence_construction',
            previous_due_on: '2027-03-14',
            due_on: '2028-03-14',
            extensions: 1,
          },
        })
        .where(eq(serviceRequests.id, pending.id));
      const response = await get(owner, url);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(`extension-order-${number}.pdf`);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const text = await pdfText(response.rawPayload);
      for (const expected of [
        'Order of Extension of Time',
        `Order No. ${number}`,
        `Reference: request No. ${pending.requestNumber}`,
        allotment.number,
        'Test Industrial Park, Test Zone',
        `Construction to commence is now due on ${day('2028-03-14')} (previously ${day('2027-03-14')}); extension 1 of 2.`,
        `Verification code: ${codeOf(response)}`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('{{');

      const verified: VerifiedDocument = await verify(codeOf(response));
      expect(verified).toMatchObject({ kind: 'extension_order', document_number: number, status: 'valid' });
      expect(verified.facts).toEqual({
        order_number: number,
        request_number: pending.requestNumber,
        allotment_number: allotment.number,
        milestone: 'commence_construction',
        previous_due_on: '2027-03-14',
        due_on: '2028-03-14',
        asset_type: 'plot',
        location: 'Test Industrial Park, Test Zone',
      });
      // Staff who read every allotment get the same document; another entrepreneur still 404.
      const again = await get(zonal, url);
      expect(again.statusCode).toBe(200);
      expect(codeOf(again)).toBe(codeOf(response));
      expect((await get(stranger, url)).statusCode).toBe(404);
    });

    it.each<{
      type: ServiceRequestType;
      kind: IssuedDocumentKind;
      outcome: Record<string, string | number>;
      printed: string[];
      facts: VerifiedDocument['facts'];
    }>([
      {
        type: 'change_name' as const,
        kind: 'change_order',
        outcome: { changed: 'name', previous: 'Demo Enterprises', value: 'Demo Industries Pvt Ltd' },
        printed: ['Order of Change of Name', 'is changed from "Demo Enterprises" to "Demo Industries Pvt Ltd"'],
        facts: { changed: 'name', new_value: 'Demo Industries Pvt Ltd' },
      },
      {
        type: 'change_constitution' as const,
        kind: 'change_order',
        outcome: { changed: 'constitution', previous: 'Partnership', value: 'Private limited company' },
        printed: ['Order of Change of Constitution', 'to "Private limited company"'],
        facts: { changed: 'constitution', new_value: 'Private limited company' },
      },
      {
        type: 'activity_change' as const,
        kind: 'change_order',
        outcome: { changed: 'activity', previous: 'Food processing', value: 'Cold storage' },
        printed: ['Order of Change of Activity', 'line of activity'],
        facts: { changed: 'activity', new_value: 'Cold storage' },
      },
      {
        type: 'mortgage_noc' as const,
        kind: 'mortgage_noc',
        outcome: { lender: 'State Bank of India', loan_amount: 2_500_000 },
        printed: [
          'No Objection Certificate for Mortgage',
          'State Bank of India',
          '₹25,00,000 (Rupees Twenty Five Lakh',
        ],
        facts: { lender: 'State Bank of India', loan_amount: 2_500_000 },
      },
      {
        type: 'subletting' as const,
        kind: 'subletting_permission',
        outcome: { sub_lessee: 'Godavari Logistics', sublet_area: 250, months: 36 },
        printed: ['Permission to Sublet', 'sublet 250 sq m of the plot to Godavari Logistics for 36 months'],
        facts: { sub_lessee: 'Godavari Logistics', sublet_area: 250, area_unit: 'sqm', months: 36 },
      },
      {
        type: 'withdrawal' as const,
        kind: 'surrender_acceptance',
        outcome: { ended_on: '2026-11-20', refund_due: 180_000 },
        printed: ['Acceptance of Surrender of Allotment', `ended on ${day('2026-11-20')}`, '₹1,80,000'],
        facts: { ended_on: '2026-11-20' },
      },
    ])('prints the $kind of a $type with its facts, and verifies', async ({ type, kind, outcome, printed, facts }) => {
      const row = await request(allotment, type, { outcome });
      const url = `/api/service-requests/${row.id}/order.pdf`;
      expect((await get(stranger, url)).statusCode).toBe(404);
      const response = await get(owner, url);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const text = await pdfText(response.rawPayload);
      for (const expected of [...printed, row.orderNumber!, row.requestNumber, allotment.number]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('{{');
      const verified: VerifiedDocument = await verify(codeOf(response));
      expect(verified.kind).toBe(kind);
      expect(verified.facts).toEqual({
        order_number: row.orderNumber,
        request_number: row.requestNumber,
        allotment_number: allotment.number,
        asset_type: 'plot',
        location: 'Test Industrial Park, Test Zone',
        ...facts,
      });
    });

    it('answers 404 for a request that does not exist', async () => {
      const missing = crypto.randomUUID();
      expect((await get(owner, `/api/service-requests/${missing}/order.pdf`)).statusCode).toBe(404);
      expect((await get(zonal, `/api/service-requests/${missing}/order.pdf`)).statusCode).toBe(404);
    });
  });

  describe('a transfer', () => {
    it("supersedes the allotment's letters, is the new holder's in their language, and the next letter is theirs", async () => {
      const allotment = await newAllotment();
      const letterUrl = `/api/allotments/${allotment.id}/letter.pdf`;
      const letter = await get(owner, letterUrl);
      expect(letter.statusCode).toBe(200);
      const letterCode = codeOf(letter);
      expect(await pdfText(letter.rawPayload)).not.toContain('Haritha Agro');

      // The transferee: a profile, Hindi. The transfer as the case engine leaves it.
      const transferee = await registerEntrepreneur(ctx, 'Transferee');
      expect(
        (await ctx.request(transferee.token, { method: 'PATCH', url: '/api/auth/me', payload: { language: 'hi' } }))
          .statusCode,
      ).toBe(200);
      const profile = await ctx.request(transferee.token, {
        method: 'POST',
        url: '/api/applicants',
        payload: {
          organization_name: 'Haritha Agro Exports',
          pan_number: 'HAEPL4321K',
          address: '7 Canal Road',
          city: 'Guntur',
          state: 'Andhra Pradesh',
          pincode: '522001',
          bank_name: 'Canara Bank',
          bank_account: '110022003300',
          bank_ifsc: 'CNRB0001234',
        },
      });
      expect(profile.statusCode, profile.body).toBe(201);
      const pending = await request(allotment, 'transfer');
      const orderUrl = `/api/service-requests/${pending.id}/order.pdf`;
      expect((await get(owner, orderUrl)).statusCode).toBe(409);

      const [before] = await ctx.db.select().from(allotments).where(eq(allotments.id, allotment.id));
      const tookEffectAt = new Date();
      const number = orderNumber();
      await ctx.db
        .update(serviceRequests)
        .set({
          status: 'approved',
          transfereeUserId: transferee.id,
          tookEffectAt,
          orderNumber: number,
          outcome: {
            transferor: 'Demo Enterprises',
            transferee: 'Haritha Agro Exports',
            transferor_user_id: ownerId,
            transferee_user_id: transferee.id,
            legal_heir: false,
          },
        })
        .where(eq(serviceRequests.id, pending.id));
      await ctx.db.update(allotments).set({ holderUserId: transferee.id }).where(eq(allotments.id, allotment.id));
      await ctx.db.insert(allotmentHolders).values({
        allotmentId: allotment.id,
        userId: ownerId,
        heldFrom: before!.createdAt,
        heldUntil: tookEffectAt,
        endedByRequestId: pending.id,
      });

      // Before the transfer order is downloaded, the letter already reads superseded by it.
      const superseded: VerifiedDocument = await verify(letterCode);
      expect(superseded.status).toBe('superseded');
      expect(superseded.superseded_by).toEqual({ kind: 'transfer_order', document_number: number, issued_at: null });

      // The transferor who raised it, the transferee and staff may download it; another entrepreneur may not.
      expect((await get(stranger, orderUrl)).statusCode).toBe(404);
      const order = await get(transferee.token, orderUrl);
      expect(order.statusCode, order.body.slice(0, 200)).toBe(200);
      expect(order.headers['content-disposition']).toContain(`transfer-order-${number}.pdf`);
      expect(codeOf(await get(owner, orderUrl))).toBe(codeOf(order));
      expect((await get(zonal, orderUrl)).statusCode).toBe(200);
      const text = await pdfText(order.rawPayload);
      for (const expected of ['Haritha Agro Exports', 'Demo Enterprises', number, '7 Canal Road', 'हस्तांतरण']) {
        expect(text).toContain(expected);
      }
      // In the new holder's language (the text read back splits some shaped clusters, so only a word is compared).
      expect(text).toMatch(/[\u0900-\u097F]/);
      const verifiedOrder: VerifiedDocument = await verify(codeOf(order));
      expect(verifiedOrder).toMatchObject({
        kind: 'transfer_order',
        holder_name: 'Haritha Agro Exports',
        language: 'hi',
        status: 'valid',
        facts: { order_number: number, transferor: 'Demo Enterprises', transferee: 'Haritha Agro Exports' },
      });

      // Issuing it marked the letter superseded by it.
      const after: VerifiedDocument = await verify(letterCode);
      expect(after.status).toBe('superseded');
      expect(after.superseded_by).toEqual({
        kind: 'transfer_order',
        document_number: number,
        issued_at: verifiedOrder.issued_at,
      });
      const [stored] = await ctx.db
        .select()
        .from(issuedDocuments)
        .where(eq(issuedDocuments.verificationCode, letterCode));
      expect(stored!.status).toBe('superseded');

      // The letter now is the new holder's: a new document in their name; the previous holder may no longer have it.
      expect((await get(owner, letterUrl)).statusCode).toBe(404);
      const newLetter = await get(transferee.token, letterUrl);
      expect(newLetter.statusCode).toBe(200);
      expect(codeOf(newLetter)).not.toBe(letterCode);
      expect(await pdfText(newLetter.rawPayload)).toContain('Haritha Agro Exports');
      expect(await verify(codeOf(newLetter))).toMatchObject({
        kind: 'provisional_allotment_letter',
        holder_name: 'Haritha Agro Exports',
        status: 'valid',
      });
      expect(codeOf(await get(transferee.token, letterUrl))).toBe(codeOf(newLetter));
    });
  });

  describe('a show-cause notice and its order', () => {
    let allotment: { id: string; number: string; applicationId: string };
    beforeAll(async () => {
      allotment = await newAllotment();
    });

    async function notice(): Promise<ShowCauseRow> {
      const [row] = await ctx.db
        .insert(showCauses)
        .values({
          noticeNumber: `SCN-2026-${String(crypto.randomInt(100_000, 999_999))}`,
          allotmentId: allotment.id,
          grounds: 'Construction has not commenced within the time allowed.',
          issuedBy: officerId,
          replyBy: '2026-12-26',
        })
        .returning();
      return row!;
    }

    it.each(['cancelled', 'dropped'] as const)(
      'issues the notice, refuses the order until decided (409), then the order titled %s',
      async (outcome) => {
        const showCause = await notice();
        const noticeUrl = `/api/show-causes/${showCause.id}/notice.pdf`;
        const orderUrl = `/api/show-causes/${showCause.id}/order.pdf`;
        expect((await get(stranger, noticeUrl)).statusCode).toBe(404);
        expect((await get(stranger, orderUrl)).statusCode).toBe(404);
        const early = await get(owner, orderUrl);
        expect(early.statusCode).toBe(409);
        expect(early.json()).toMatchObject({ code: 'order_not_issued' });

        const issued = await get(owner, noticeUrl);
        expect(issued.statusCode, issued.body.slice(0, 200)).toBe(200);
        expect(issued.headers['content-disposition']).toContain(`show-cause-notice-${showCause.noticeNumber}.pdf`);
        const noticeText = await pdfText(issued.rawPayload);
        for (const expected of [
          'Show-Cause Notice',
          showCause.noticeNumber,
          allotment.number,
          'Construction has not commenced within the time allowed.',
          `by ${day('2026-12-26')}`,
        ]) {
          expect(noticeText).toContain(expected);
        }
        expect(await verify(codeOf(issued))).toMatchObject({
          kind: 'show_cause_notice',
          document_number: showCause.noticeNumber,
          facts: { allotment_number: allotment.number, reply_by: '2026-12-26' },
        });

        await ctx.db
          .update(showCauses)
          .set({
            outcome,
            hearingNote: 'Heard the allottee on 10 December.',
            decidedBy: officerId,
            decidedAt: new Date(),
            refundDue: outcome === 'cancelled' ? 450_000 : null,
          })
          .where(eq(showCauses.id, showCause.id));
        const order = await get(owner, orderUrl);
        expect(order.statusCode, order.body.slice(0, 200)).toBe(200);
        expect((await get(zonal, orderUrl)).statusCode).toBe(200);
        const orderText = await pdfText(order.rawPayload);
        const title =
          outcome === 'cancelled' ? 'Order of Cancellation of Allotment' : 'Order Dropping the Show-Cause Notice';
        for (const expected of [title, showCause.noticeNumber, 'Heard the allottee on 10 December.']) {
          expect(orderText).toContain(expected);
        }
        if (outcome === 'cancelled') expect(orderText).toContain('₹4,50,000');
        else expect(orderText).not.toContain('Refund due');
        const verified: VerifiedDocument = await verify(codeOf(order));
        expect(verified).toMatchObject({ kind: 'cancellation_order', status: 'valid' });
        expect(verified.facts).toEqual({
          allotment_number: allotment.number,
          outcome,
          asset_type: 'plot',
          location: 'Test Industrial Park, Test Zone',
        });
      },
    );

    it('answers 404 for a notice that does not exist', async () => {
      expect((await get(zonal, `/api/show-causes/${crypto.randomUUID()}/notice.pdf`)).statusCode).toBe(404);
    });
  });
});

describe('the words of every order in every language', () => {
  const allotment = {
    id: '00000000-0000-4000-8000-000000000010',
    applicationId: '00000000-0000-4000-8000-000000000011',
    allotmentNumber: 'ALT-2026-000010',
  } as AllotmentRow;
  const asset = {
    assetCode: 'TST-0001',
    type: 'plot',
    zone: 'Test Zone',
    location: 'Test Industrial Park',
    surveyNumber: '42/1',
    plotNumber: 'P-42',
    totalArea: 1000,
    unit: 'sqm',
    valuation: 2_000_000,
  } as AssetRow;
  const holder = { name: 'Demo Enterprises', address: ['1 Main Road', 'Hyderabad, Telangana - 500001'] };
  const base = { allotment, asset, holder, corporation: 'The Corporation' };
  const OUTCOMES: Array<[ServiceRequestType, Record<string, string | number | boolean>]> = [
    ['eot', { milestone: 'start_production', previous_due_on: '2027-03-14', due_on: '2028-03-14', extensions: 2 }],
    ['transfer', { transferor: 'Demo Enterprises', transferee: 'Haritha Agro', legal_heir: true }],
    ['change_name', { changed: 'name', previous: 'Old', value: 'New' }],
    ['change_constitution', { changed: 'constitution', previous: 'Firm', value: 'Company' }],
    ['activity_change', { changed: 'activity', previous: 'Food', value: 'Textiles' }],
    ['mortgage_noc', { lender: 'Bank', loan_amount: 100_000 }],
    ['subletting', { sub_lessee: 'Tenant', sublet_area: 100, months: 12 }],
    ['withdrawal', { ended_on: '2026-11-20', refund_due: 9_000 }],
  ];
  const serviceRequest = (type: ServiceRequestType, outcome: Record<string, string | number | boolean>) =>
    ({
      id: '00000000-0000-4000-8000-000000000012',
      requestNumber: 'SR-2026-000001',
      requestType: type,
      submittedAt: new Date('2026-10-01T06:00:00Z'),
      tookEffectAt: new Date('2026-11-20T06:00:00Z'),
      orderNumber: 'ORD-2026-000001',
      milestone: null,
      outcome,
    }) as unknown as OrderServiceRequestRow;
  const showCause = (outcome: 'cancelled' | 'dropped' | null) =>
    ({
      id: '00000000-0000-4000-8000-000000000013',
      noticeNumber: 'SCN-2026-000001',
      grounds: 'Grounds',
      issuedAt: new Date('2026-10-01T06:00:00Z'),
      replyBy: '2026-10-31',
      hearingNote: 'Heard',
      outcome,
      decidedAt: outcome ? new Date('2026-11-20T06:00:00Z') : null,
      refundDue: outcome === 'cancelled' ? 1000 : null,
    }) as unknown as ShowCauseRow;

  it.each(['en', 'hi', 'te'] as const)('fills every placeholder in %s, each title its own', (code) => {
    const language = documentLanguage(code);
    const english = documentLanguage('en');
    const made = [
      ...OUTCOMES.map(
        ([type, outcome]) =>
          (lang: typeof language) =>
            composeServiceOrder(lang, { ...base, request: serviceRequest(type, outcome) }),
      ),
      (lang: typeof language) => composeShowCauseNotice(lang, { ...base, showCause: showCause(null) }),
      (lang: typeof language) => composeShowCauseOrder(lang, { ...base, showCause: showCause('cancelled') }),
      (lang: typeof language) => composeShowCauseOrder(lang, { ...base, showCause: showCause('dropped') }),
    ];
    const titles = new Set<string>();
    const kinds = new Set<IssuedDocumentKind>();
    for (const make of made) {
      const content = make(language);
      const words = JSON.stringify(content.blocks);
      expect(words).not.toMatch(/\{\{|undefined|NaN/);
      if (code !== 'en') {
        expect(content.title).not.toBe(make(english).title);
        expect(words).toMatch(code === 'hi' ? /[\u0900-\u097F]/ : /[\u0C00-\u0C7F]/);
      }
      titles.add(content.title);
      kinds.add(content.kind);
      expect(content.language).toBe(code);
    }
    expect(titles.size).toBe(made.length);
    expect(kinds.size).toBe(8);
  });
});
