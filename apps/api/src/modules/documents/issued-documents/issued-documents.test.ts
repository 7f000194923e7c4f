// Issued documents through the API: one case walked from submission to possession, each PDF downloaded and read
// back (number, holder, amount in words, verification code), who may download it, the same bytes every time, the
// public verification (valid, superseded, revoked, unknown, rate limited) and its hash.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  maskBankAccount,
  ROLES,
  businessToday,
  VERIFY_REQUESTS_PER_MINUTE,
  type Allotment,
  type Application,
  type Invoice,
  type Payment,
  type Role,
  type VerifiedDocument,
} from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_ORG } from '../../../config';
import { issuedDocuments } from '../../../db/schema';
import {
  createTestContext,
  multipart,
  registerEntrepreneur,
  SAMPLE_FILES,
  TEST_DB_KIND,
  type TestContext,
} from '../../../test/harness';
import { setApplicationStatus } from '../../../test/workflow-fixtures';

const PROFILE = {
  organization_name: 'Krishna Valley Castings',
  pan_number: 'KVCPL1234Q',
  address: '14 Foundry Lane',
  city: 'Vijayawada',
  state: 'Andhra Pradesh',
  pincode: '520001',
  bank_name: 'Union Bank',
  bank_account: '520101004455667',
  bank_ifsc: 'UBIN0552011',
};

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe(`issued documents (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const tokens = {} as Record<Role, string>;
  let owner: string;
  let stranger: string;
  let application: Application;
  let payment: Payment;
  let processingFee: Invoice;
  let allotment: Allotment;

  const get = (token: string | null, url: string, remoteAddress?: string) =>
    ctx.request(token, { method: 'GET', url, ...(remoteAddress ? { remoteAddress } : {}) });
  const verify = (code: string, remoteAddress = '10.9.0.1') => get(null, `/api/verify/${code}`, remoteAddress);
  const codeOf = (response: LightMyRequestResponse) => String(response.headers['x-verification-code']);
  const urls = () => ({
    acknowledgment: `/api/applications/${application.id}/acknowledgment.pdf`,
    receipt: `/api/payments/${payment.id}/receipt.pdf`,
    letter: `/api/allotments/${allotment.id}/letter.pdf`,
    certificate: `/api/allotments/${allotment.id}/possession/certificate.pdf`,
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ROLES) tokens[role] = await ctx.tokenFor(role);
    ({ token: owner } = await registerEntrepreneur(ctx, 'Owner'));
    ({ token: stranger } = await registerEntrepreneur(ctx, 'Stranger'));
    expect((await ctx.request(owner, { method: 'POST', url: '/api/applicants', payload: PROFILE })).statusCode).toBe(
      201,
    );
    const [asset] = (await get(owner, '/api/assets/available')).json();
    application = (
      await ctx.request(owner, {
        method: 'POST',
        url: '/api/applications',
        payload: {
          asset_id: asset.id,
          project_description: 'Grey iron castings',
          estimated_investment: 5_000_000,
          employment_generation: 25,
        },
      })
    ).json();
    expect(
      (await ctx.request(owner, { method: 'POST', url: `/api/applications/${application.id}/submit` })).statusCode,
    ).toBe(200);
    const invoices: Invoice[] = (await get(owner, `/api/invoices?application_id=${application.id}`)).json();
    processingFee = invoices.find((invoice) => invoice.invoice_type === 'processing_fee')!;
    const paid = await ctx.request(owner, {
      method: 'POST',
      url: '/api/payments',
      payload: {
        invoice_id: processingFee.id,
        application_id: application.id,
        amount: processingFee.amount,
        payment_method: 'online',
        transaction_reference: 'MOCK-ISSUED-1',
      },
    });
    expect(paid.statusCode).toBe(201);
    payment = paid.json();

    await setApplicationStatus(ctx, application.id, 'approved');
    const allotted = await ctx.request(tokens.committee, {
      method: 'POST',
      url: '/api/allotments',
      payload: {
        application_id: application.id,
        asset_id: asset.id,
        allotment_type: 'provisional',
        allotment_date: businessToday(),
        expiry_date: '2027-03-31',
      },
    });
    expect(allotted.statusCode).toBe(201);
    allotment = allotted.json();
  });
  afterAll(() => ctx.close());

  describe('the acknowledgment', () => {
    it('is a PDF with the letterhead, number, holder, investment in words, masked bank account and code', async () => {
      const response = await get(owner, urls().acknowledgment);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(`acknowledgment-${application.application_number}.pdf`);
      const text = await pdfText(response.rawPayload);
      for (const expected of [
        DEMO_ORG.name.toUpperCase(),
        DEMO_ORG.address,
        `GSTIN: ${DEMO_ORG.gstin}`,
        'Acknowledgment of Application',
        application.application_number,
        PROFILE.organization_name,
        '₹50,00,000 (Rupees Fifty Lakh Only)',
        `Bank account ${maskBankAccount(PROFILE.bank_account)}, Union Bank`,
        `Verification code: ${codeOf(response)}`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain(PROFILE.bank_account);
    });

    it('is the same bytes every time, whose SHA-256 the verify page shows; a changed byte does not match', async () => {
      const first = await get(owner, urls().acknowledgment);
      const again = await get(tokens.zonal_manager, urls().acknowledgment);
      expect(again.statusCode).toBe(200);
      expect(Buffer.compare(first.rawPayload, again.rawPayload)).toBe(0);
      const verified: VerifiedDocument = (await verify(codeOf(first))).json();
      expect(verified.sha256).toBe(sha256(first.rawPayload));
      const tampered = Buffer.from(first.rawPayload);
      tampered[Math.floor(tampered.length / 2)]! ^= 0x01;
      expect(sha256(tampered)).not.toBe(verified.sha256);
    });

    it('is refused for a draft (409)', async () => {
      const [asset] = (await get(stranger, '/api/assets/available')).json();
      await ctx.request(stranger, {
        method: 'POST',
        url: '/api/applicants',
        payload: { ...PROFILE, organization_name: 'Stranger Works', pan_number: 'STRNG1234Q' },
      });
      const draft = await ctx.request(stranger, {
        method: 'POST',
        url: '/api/applications',
        payload: {
          asset_id: asset.id,
          project_description: 'Draft',
          estimated_investment: 100_000,
          employment_generation: 1,
        },
      });
      expect(draft.statusCode).toBe(201);
      const response = await get(stranger, `/api/applications/${draft.json().id}/acknowledgment.pdf`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'wrong_state', reason: 'not_submitted', params: {} });
    });
  });

  describe('the payment receipt', () => {
    it('holds the receipt number, the holder, the amount in figures and words, and the code', async () => {
      const response = await get(owner, urls().receipt);
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      for (const expected of [
        'Payment Receipt',
        payment.receipt_number,
        PROFILE.organization_name,
        processingFee.invoice_number,
        '₹11,800',
        'Rupees Eleven Thousand Eight Hundred Only',
        'MOCK-ISSUED-1',
        `GSTIN: ${DEMO_ORG.gstin}`,
        `Verification code: ${codeOf(response)}`,
      ]) {
        expect(text).toContain(expected);
      }
      const verified: VerifiedDocument = (await verify(codeOf(response))).json();
      expect(verified).toMatchObject({
        kind: 'payment_receipt',
        document_number: payment.receipt_number,
        holder_name: PROFILE.organization_name,
        status: 'valid',
        facts: { amount: 11_800, invoice_type: 'processing_fee', receipt_number: payment.receipt_number },
      });
    });

    it('is made once when two first downloads race', async () => {
      const second = (
        await ctx.request(owner, {
          method: 'POST',
          url: '/api/payments',
          payload: {
            invoice_id: (await get(owner, `/api/invoices?application_id=${application.id}`))
              .json()
              .find((invoice: Invoice) => invoice.invoice_type === 'emd').id,
            application_id: application.id,
            amount: (await get(owner, `/api/invoices?application_id=${application.id}`))
              .json()
              .find((invoice: Invoice) => invoice.invoice_type === 'emd').amount,
            payment_method: 'online',
            transaction_reference: 'MOCK-ISSUED-2',
          },
        })
      ).json() as Payment;
      const url = `/api/payments/${second.id}/receipt.pdf`;
      const [one, two] = await Promise.all([get(owner, url), get(tokens.finance, url)]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      expect(codeOf(one)).toBe(codeOf(two));
      expect(Buffer.compare(one.rawPayload, two.rawPayload)).toBe(0);
      const rows = await ctx.db.select().from(issuedDocuments).where(eq(issuedDocuments.subjectId, second.id));
      expect(rows).toHaveLength(1);
    });
  });

  describe('who may download', () => {
    it('answers another entrepreneur 404 for every document, and no sign-in 401', async () => {
      for (const url of Object.values(urls())) {
        expect((await get(stranger, url)).statusCode, url).toBe(404);
        expect((await get(null, url)).statusCode, url).toBe(401);
      }
    });

    it('lets staff who may read the record download it', async () => {
      for (const role of ['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'] as const) {
        expect((await get(tokens[role], urls().acknowledgment)).statusCode, role).toBe(200);
        expect((await get(tokens[role], urls().receipt)).statusCode, role).toBe(200);
        expect((await get(tokens[role], urls().letter)).statusCode, role).toBe(200);
      }
    });

    it('answers 404 for a record that does not exist', async () => {
      const missing = crypto.randomUUID();
      expect((await get(owner, `/api/payments/${missing}/receipt.pdf`)).statusCode).toBe(404);
      expect((await get(tokens.admin, `/api/allotments/${missing}/letter.pdf`)).statusCode).toBe(404);
      expect((await get(tokens.admin, `/api/applications/${missing}/acknowledgment.pdf`)).statusCode).toBe(404);
    });
  });

  describe('allotment letters and the possession certificate', () => {
    let provisionalCode: string;

    it('issues the provisional letter, valid while the allotment is provisional', async () => {
      const response = await get(owner, urls().letter);
      expect(response.statusCode).toBe(200);
      provisionalCode = codeOf(response);
      const text = await pdfText(response.rawPayload);
      for (const expected of [
        'Provisional Allotment Letter',
        `Ref. No. ${allotment.allotment_number}`,
        PROFILE.organization_name,
        'Rupees',
        `Verification code: ${provisionalCode}`,
      ]) {
        expect(text).toContain(expected);
      }
      const verified: VerifiedDocument = (await verify(provisionalCode)).json();
      expect(verified).toMatchObject({
        kind: 'provisional_allotment_letter',
        document_number: allotment.allotment_number,
        status: 'valid',
        superseded_by: null,
        facts: { allotment_number: allotment.allotment_number, expiry_date: '2027-03-31' },
      });
    });

    it('reads the provisional letter superseded once the allotment is final, and the final letter supersedes it', async () => {
      const uploaded = await ctx.request(owner, {
        method: 'POST',
        url: `/api/allotments/${allotment.id}/lease-deed`,
        ...multipart({}, { name: 'lease-deed.pdf', bytes: SAMPLE_FILES.pdf() }),
      });
      expect(uploaded.statusCode).toBe(201);
      const approved = await ctx.request(tokens.zonal_manager, {
        method: 'PUT',
        url: `/api/allotments/${allotment.id}/lease-deed/verify`,
        payload: { verification_status: 'approved' },
      });
      expect(approved.statusCode).toBe(200);

      // Before anyone downloads the final letter.
      const before: VerifiedDocument = (await verify(provisionalCode)).json();
      expect(before.status).toBe('superseded');
      expect(before.superseded_by).toEqual({
        kind: 'final_allotment_letter',
        document_number: allotment.allotment_number,
        issued_at: null,
      });

      const final = await get(owner, urls().letter);
      expect(final.statusCode).toBe(200);
      const finalCode = codeOf(final);
      expect(finalCode).not.toBe(provisionalCode);
      const text = await pdfText(final.rawPayload);
      expect(text).toContain('Final Allotment Letter');
      expect(text).toContain(`Verification code: ${finalCode}`);

      const after: VerifiedDocument = (await verify(provisionalCode)).json();
      expect(after.status).toBe('superseded');
      expect(after.superseded_by).toMatchObject({ kind: 'final_allotment_letter', issued_at: expect.any(String) });
      const [stored] = await ctx.db
        .select()
        .from(issuedDocuments)
        .where(eq(issuedDocuments.verificationCode, provisionalCode));
      expect(stored!.status).toBe('superseded');
      expect(stored!.supersededBy).not.toBeNull();
      expect((await verify(finalCode)).json()).toMatchObject({ kind: 'final_allotment_letter', status: 'valid' });
    });

    it('issues the possession certificate with the area handed over labelled in the asset unit', async () => {
      expect((await get(owner, urls().certificate)).statusCode).toBe(404);
      const recorded = await ctx.request(tokens.zonal_manager, {
        method: 'POST',
        url: `/api/allotments/${allotment.id}/possession`,
        payload: { possession_date: businessToday(), area_verified: 1.5, boundary_marked: true },
      });
      expect(recorded.statusCode).toBe(201);
      const response = await get(owner, urls().certificate);
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      const asset = (await get(owner, `/api/assets/${allotment.asset_id}`)).json();
      const unit = { sqm: 'sq m', sqft: 'sq ft', acres: 'acres' }[asset.unit as string];
      for (const expected of [
        'Possession Certificate',
        recorded.json().certificate_number,
        PROFILE.organization_name,
        `Area handed over (${unit}) 1.5`,
        `Total area of the asset (${unit})`,
        `Verification code: ${codeOf(response)}`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Area allotted');
    });
  });

  describe('GET /verify/{code}', () => {
    it('shows nothing private: no PAN, bank account or amount the document does not state', async () => {
      const response = await verify(codeOf(await get(owner, urls().acknowledgment)));
      expect(response.statusCode).toBe(200);
      const body = response.body;
      for (const secret of [PROFILE.pan_number, PROFILE.bank_account, PROFILE.bank_ifsc, PROFILE.address]) {
        expect(body).not.toContain(secret);
      }
      expect(Object.keys(response.json().facts).sort()).toEqual([
        'application_number',
        'asset_type',
        'location',
        'submitted_on',
      ]);
    });

    it('answers 404 for an unknown or malformed code, and reads a code typed in lower case', async () => {
      expect((await verify('ABCD-EFGH-JKMN-PQRS-TVWX-YZ23')).statusCode).toBe(404);
      expect((await verify('not-a-code')).statusCode).toBe(404);
      const code = codeOf(await get(owner, urls().receipt));
      expect((await verify(code.toLowerCase())).json().verification_code).toBe(code);
    });

    it('is limited per address (429 with Retry-After)', async () => {
      const code = codeOf(await get(owner, urls().receipt));
      for (let attempt = 0; attempt < VERIFY_REQUESTS_PER_MINUTE; attempt++) {
        expect((await verify(code, '10.9.9.9')).statusCode).toBe(200);
      }
      const refused = await verify(code, '10.9.9.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await verify(code, '10.9.9.10')).statusCode).toBe(200);
    });
  });

  describe('revoking', () => {
    it('is for administrators; the code then reads revoked and the next download issues a new document', async () => {
      const first = await get(owner, urls().acknowledgment);
      const code = codeOf(first);
      const [row] = await ctx.db.select().from(issuedDocuments).where(eq(issuedDocuments.verificationCode, code));
      const url = `/api/issued-documents/${row!.id}/revoke`;
      for (const role of ROLES.filter((candidate) => candidate !== 'admin')) {
        const refused = await ctx.request(tokens[role], { method: 'POST', url, payload: { reason: 'Test' } });
        expect(refused.statusCode, role).toBe(403);
      }
      expect((await ctx.request(tokens.admin, { method: 'POST', url, payload: { reason: ' ' } })).statusCode).toBe(422);
      const revoked = await ctx.request(tokens.admin, { method: 'POST', url, payload: { reason: 'Issued in error' } });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ status: 'revoked', revoked_reason: 'Issued in error' });
      const again = await ctx.request(tokens.admin, { method: 'POST', url, payload: { reason: 'Again' } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'wrong_state', reason: 'already_revoked', params: {} });

      const verified: VerifiedDocument = (await verify(code)).json();
      expect(verified.status).toBe('revoked');
      expect(verified.revoked_at).not.toBeNull();
      expect(JSON.stringify(verified)).not.toContain('Issued in error');

      const reissued = await get(owner, urls().acknowledgment);
      expect(codeOf(reissued)).not.toBe(code);
      expect((await verify(codeOf(reissued))).json().status).toBe('valid');
    });
  });

  it('GET /organization answers the letterhead without sign-in', async () => {
    const response = await get(null, '/api/organization');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEMO_ORG);
  });
});

describe(`issued documents in the owner's language (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it.each(['hi', 'te'] as const)(
    'makes the acknowledgment of a %s-speaking owner in their language, and records it',
    async (language) => {
      const { token } = await registerEntrepreneur(ctx, `Owner ${language}`);
      expect(
        (await ctx.request(token, { method: 'PATCH', url: '/api/auth/me', payload: { language } })).statusCode,
      ).toBe(200);
      expect((await ctx.request(token, { method: 'POST', url: '/api/applicants', payload: PROFILE })).statusCode).toBe(
        201,
      );
      const [asset] = (await ctx.request(token, { method: 'GET', url: '/api/assets/available' })).json();
      const created = await ctx.request(token, {
        method: 'POST',
        url: '/api/applications',
        payload: {
          asset_id: asset.id,
          project_description: 'Premium spice blends',
          estimated_investment: 2_500_000,
          employment_generation: 12,
        },
      });
      const application = created.json();
      expect(
        (await ctx.request(token, { method: 'POST', url: `/api/applications/${application.id}/submit` })).statusCode,
      ).toBe(200);

      const pdf = await ctx.request(token, {
        method: 'GET',
        url: `/api/applications/${application.id}/acknowledgment.pdf`,
      });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(application.application_number);
      expect(text).toContain(String(pdf.headers['x-verification-code']));
      // Written in the language's own script (the letterhead and codes stay Latin).
      expect(text).toMatch(language === 'hi' ? /[\u0900-\u097F]/ : /[\u0C00-\u0C7F]/);
      const [stored] = await ctx.db
        .select({ language: issuedDocuments.language })
        .from(issuedDocuments)
        .where(eq(issuedDocuments.subjectId, application.id));
      expect(stored?.language).toBe(language);
    },
  );
});
