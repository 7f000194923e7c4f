// The allottee eSigns the portal's lease deed (decision 035) through the sandbox eSign Service Provider, driven over
// HTTP as a browser drives it: the portal's signed request posted to the ESP, the fake OTP page filled in, and the
// ESP's answer (the form its page posts) posted back to the portal. The signed deed becomes the allotment's lease deed
// and pdfsig finds the allottee's signature valid over the bytes it covers; an answer with a bad XML signature, for
// another transaction, replayed, expired, over another hash or refused at the ESP changes nothing but the
// transaction's record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessToday, type LeaseDeed, type LeaseDeedEsignStart } from '@portal/contract';
import {
  SANDBOX_ASP_CERT_PEM,
  SANDBOX_CA_CERT_PEM,
  SANDBOX_ESP_CERT_PEM,
  startEsignSandbox,
  type EsignSandbox,
} from '@portal/esign-sandbox';
import { esignTransactions, leaseDeeds } from '../../../db/schema';
import { esignConfigFrom } from '../../../lib/esign/config';
import {
  SANDBOX_ASP_CERT_PEM as PORTAL_ASP_CERT_PEM,
  SANDBOX_ESIGN_CA_CERT_PEM,
  SANDBOX_ESP_CERT_PEM as PORTAL_ESP_CERT_PEM,
} from '../../../lib/esign/sandbox-keys';
import { verifyEnveloped } from '../../../lib/esign/xml-signature';
import { findApplicationById } from '../../../repositories/applications';
import { findEsignTransactionByTxn } from '../repositories/esign-transactions';
import { listEventsForApplication } from '../../../repositories/timeline';
import {
  createTestContext,
  multipart,
  registerEntrepreneur,
  SAMPLE_FILES,
  TEST_DB_KIND,
  type TestContext,
} from '../../../test/harness';
import { pdfsig } from '../../../test/pdfsig';
import { insertTestApplication } from '../../../test/workflow-fixtures';

const SIGNER = 'Ravi Kumar';

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe(`the lease deed eSigned through an eSign Service Provider (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let esp: EsignSandbox;
  let owner: string;
  let zonal: string;

  beforeAll(async () => {
    esp = await startEsignSandbox({ port: 0 });
    ctx = await createTestContext({ esign: { ...esignConfigFrom({}, 8000), espUrl: esp.signdocUrl } });
    owner = await ctx.tokenFor('entrepreneur');
    zonal = await ctx.tokenFor('zonal_manager');
  });
  afterAll(async () => {
    await ctx?.close();
    await esp?.close();
  });

  /** An approved application of the demo entrepreneur, provisionally allotted: its lease deed is due. */
  async function allotmentAtLeaseDeed() {
    const application = await insertTestApplication(ctx, 'approved');
    const response = await ctx.request(await ctx.tokenFor('ho'), {
      method: 'POST',
      url: '/api/allotments',
      payload: {
        application_id: application.id,
        asset_id: application.assetId,
        allotment_type: 'provisional',
        allotment_date: businessToday(),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { applicationId: application.id, allotmentId: (response.json() as { id: string }).id };
  }

  const start = async (allotmentId: string, token = owner) =>
    ctx.request(token, { method: 'POST', url: `/api/allotments/${allotmentId}/lease-deed/esign` });

  async function started(allotmentId: string): Promise<LeaseDeedEsignStart> {
    const response = await start(allotmentId);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  /** The browser at the ESP: the request posted, the OTP page answered (or cancelled); answers the form the ESP's page
   * posts back to the portal. */
  async function atEsp(begun: LeaseDeedEsignStart, action: 'sign' | 'cancel' = 'sign') {
    const otpPage = await fetch(
      begun.esp_url,
      form({ [begun.esign_request_field]: begun.esign_request, [begun.txn_field]: begun.txn }),
    );
    expect(otpPage.status).toBe(200);
    const html = await otpPage.text();
    expect(html).toContain('TEST MODE');
    const signing = /name="signing" value="([^"]+)"/.exec(html)?.[1];
    const otpAction = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(signing && otpAction, html).toBeTruthy();
    const answered = await fetch(
      unescapeHtml(otpAction!),
      form({ signing: signing!, aadhaar: '999999990019', name: SIGNER, otp: '123456', action }),
    );
    const back = await answered.text();
    const responseUrl = /<form id="back" method="post" action="([^"]+)"/.exec(back)?.[1];
    const response = /name="eSignResponse" value="([^"]*)"/.exec(back)?.[1];
    expect(responseUrl && response, back).toBeTruthy();
    return { responseUrl: unescapeHtml(responseUrl!), eSignResponse: unescapeHtml(response!) };
  }

  /** The browser posts the ESP's answer to the portal: the page it is sent to. */
  async function postBack(eSignResponse: string, remoteAddress?: string) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/esign/response',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ eSignResponse }).toString(),
      ...(remoteAddress && { remoteAddress }),
    });
    expect(response.statusCode, response.body).toBe(303);
    return response.headers.location as string;
  }

  const deedOf = async (allotmentId: string, token = owner) =>
    ctx.request(token, { method: 'GET', url: `/api/allotments/${allotmentId}/lease-deed` });
  const statusOf = async (applicationId: string) => (await findApplicationById(ctx.db, applicationId))!.status;
  const deedsOf = (allotmentId: string) =>
    ctx.db.select().from(leaseDeeds).where(eq(leaseDeeds.allotmentId, allotmentId));

  /** Nothing changed but the transaction's record: no deed, the application still where it was. */
  async function expectNothingChanged(made: { applicationId: string; allotmentId: string }) {
    expect(await deedsOf(made.allotmentId)).toEqual([]);
    expect((await deedOf(made.allotmentId)).statusCode).toBe(404);
    expect(await statusOf(made.applicationId)).toBe('provisional_allotment');
  }

  it('holds the two copies of the sandbox keys together', () => {
    expect(PORTAL_ASP_CERT_PEM.trim()).toBe(SANDBOX_ASP_CERT_PEM.trim());
    expect(PORTAL_ESP_CERT_PEM.trim()).toBe(SANDBOX_ESP_CERT_PEM.trim());
    expect(SANDBOX_ESIGN_CA_CERT_PEM.trim()).toBe(SANDBOX_CA_CERT_PEM.trim());
  });

  it('signs the deed: it becomes the lease deed awaiting verification, with the allottee signature added last', async () => {
    const made = await allotmentAtLeaseDeed();
    const issued = await ctx.request(owner, {
      method: 'GET',
      url: `/api/allotments/${made.allotmentId}/lease-deed.pdf`,
    });
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['content-type']).toBe('application/pdf');

    const begun = await started(made.allotmentId);
    expect(begun.esp_url).toBe(esp.signdocUrl);
    expect(begun.esign_request_field).toBe('eSignRequest');
    // The request is the ASP's: its signature verifies with the ASP's certificate, and it asks for one SHA-256 hash.
    const request = verifyEnveloped(begun.esign_request, SANDBOX_ASP_CERT_PEM, 'Esign');
    expect(request?.getAttribute('ver')).toBe('2.1');
    expect(request?.getAttribute('txn')).toBe(begun.txn);
    expect(request?.getAttribute('responseSigType')).toBe('pkcs7');
    const row = (await findEsignTransactionByTxn(ctx.db, begun.txn))!;
    expect(row).toMatchObject({ status: 'pending', allotmentId: made.allotmentId, failure: null });
    expect(request?.getElementsByTagName('InputHash')[0]?.textContent).toBe(row.documentHash);
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 15 * 60_000)).toBeLessThan(5_000);

    const { responseUrl, eSignResponse } = await atEsp(begun);
    expect(responseUrl).toMatch(/\/api\/esign\/response$/);
    expect(await postBack(eSignResponse)).toBe(`/applications/${made.applicationId}?esign=signed`);

    const deed = (await deedOf(made.allotmentId)).json() as LeaseDeed;
    expect(deed).toMatchObject({ verification_status: 'pending', esigned_by: SIGNER });
    expect(await statusOf(made.applicationId)).toBe('lease_submitted');
    expect(await findEsignTransactionByTxn(ctx.db, begun.txn)).toMatchObject({
      status: 'signed',
      failure: null,
      leaseDeedId: deed.id,
    });
    const events = await listEventsForApplication(ctx.db, made.applicationId);
    expect(events.find((event) => event.event_code === 'lease_deed_uploaded')?.params).toMatchObject({
      esigned_by: SIGNER,
      revised: false,
    });

    // The signed file is the issued deed and incremental updates after it: its last signature is the allottee's.
    const file = await ctx.request(zonal, {
      method: 'GET',
      url: `/api/allotments/${made.allotmentId}/lease-deed/file`,
    });
    expect(file.statusCode).toBe(200);
    const signed = file.rawPayload;
    expect(signed.subarray(0, issued.rawPayload.length).equals(issued.rawPayload)).toBe(true);
    const signatures = pdfsig(signed, [SANDBOX_CA_CERT_PEM]);
    expect(signatures.length).toBeGreaterThanOrEqual(1);
    // The corporation's signature, when the deed has one, is still valid under the allottee's.
    expect(signatures.every((signature) => signature.valid)).toBe(true);
    expect(signatures.at(-1)).toEqual({ signer: SIGNER, valid: true, trusted: true, wholeDocument: true });
    // /verify reads the deed as genuine: the corporation's signature, then the allottee's over the whole file.
    const checked = await ctx.request(null, {
      method: 'POST',
      url: '/api/verify',
      payload: signed,
      headers: { 'content-type': 'application/pdf' },
      remoteAddress: '10.88.1.1',
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      signature: 'valid',
      signatures: [
        { by_corporation: true, state: 'valid', covers_whole_file: false },
        { signer: SIGNER, by_corporation: false, state: 'valid', covers_whole_file: true },
      ],
    });

    // The officer verifies it as any deed; the answer names the signer.
    const verified = await ctx.request(zonal, {
      method: 'PUT',
      url: `/api/allotments/${made.allotmentId}/lease-deed/verify`,
      payload: { verification_status: 'approved', remarks: 'eSigned deed in order' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ verification_status: 'approved', esigned_by: SIGNER });

    // The same answer again is refused, and changes nothing.
    expect(await postBack(eSignResponse)).toBe(`/applications/${made.applicationId}?esign=already_completed`);
    expect(await deedsOf(made.allotmentId)).toHaveLength(1);
    expect((await findEsignTransactionByTxn(ctx.db, begun.txn))!.status).toBe('signed');
  });

  it("refuses an answer whose XML signature is not the ESP's, recording it on the transaction", async () => {
    const made = await allotmentAtLeaseDeed();
    const begun = await started(made.allotmentId);
    esp.setFault('bad_signature');
    try {
      const { eSignResponse } = await atEsp(begun);
      expect(await postBack(eSignResponse)).toBe(`/applications/${made.applicationId}?esign=bad_signature`);
    } finally {
      esp.setFault('none');
    }
    expect(await findEsignTransactionByTxn(ctx.db, begun.txn)).toMatchObject({
      status: 'failed',
      failure: 'bad_signature',
    });
    await expectNothingChanged(made);
  });

  it('refuses an answer for another transaction; the transaction asked for stays pending', async () => {
    const made = await allotmentAtLeaseDeed();
    const begun = await started(made.allotmentId);
    esp.setFault('other_txn');
    try {
      const { eSignResponse } = await atEsp(begun);
      expect(await postBack(eSignResponse)).toBe('/applications?esign=unknown_transaction');
    } finally {
      esp.setFault('none');
    }
    expect(await findEsignTransactionByTxn(ctx.db, begun.txn)).toMatchObject({ status: 'pending', failure: null });
    await expectNothingChanged(made);
  });

  it("refuses a PKCS#7 over another hash than the deed's", async () => {
    const made = await allotmentAtLeaseDeed();
    const begun = await started(made.allotmentId);
    esp.setFault('other_hash');
    try {
      const { eSignResponse } = await atEsp(begun);
      expect(await postBack(eSignResponse)).toBe(`/applications/${made.applicationId}?esign=hash_mismatch`);
    } finally {
      esp.setFault('none');
    }
    expect(await findEsignTransactionByTxn(ctx.db, begun.txn)).toMatchObject({
      status: 'failed',
      failure: 'hash_mismatch',
    });
    await expectNothingChanged(made);
  });

  it('refuses an answer that comes after the request expired', async () => {
    const made = await allotmentAtLeaseDeed();
    const begun = await started(made.allotmentId);
    const { eSignResponse } = await atEsp(begun);
    await ctx.db
      .update(esignTransactions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(esignTransactions.txn, begun.txn));
    expect(await postBack(eSignResponse)).toBe(`/applications/${made.applicationId}?esign=expired`);
    expect(await findEsignTransactionByTxn(ctx.db, begun.txn)).toMatchObject({ status: 'expired', failure: 'expired' });
    await expectNothingChanged(made);
    // Once expired, a new eSign may start.
    expect((await start(made.allotmentId)).statusCode).toBe(201);
  });

  it("takes a cancel at the ESP as a refusal, with the ESP's error code", async () => {
    const made = await allotmentAtLeaseDeed();
    const begun = await started(made.allotmentId);
    const { eSignResponse } = await atEsp(begun, 'cancel');
    expect(await postBack(eSignResponse)).toBe(`/applications/${made.applicationId}?esign=esp_refused`);
    expect(await findEsignTransactionByTxn(ctx.db, begun.txn)).toMatchObject({
      status: 'failed',
      failure: 'esp_refused:ESP-201',
    });
    await expectNothingChanged(made);
  });

  it('answers what cannot be read with the refusal on the applications page, never a 500', async () => {
    expect(await postBack('not xml at all')).toBe('/applications?esign=malformed_response');
    expect(await postBack('<EsignResp status="1" txn="x"/>')).toBe('/applications?esign=bad_signature');
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/esign/response' });
    expect(empty.statusCode).toBe(303);
  });

  it('limits the answers taken per address', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/esign/response',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'eSignResponse=x',
          remoteAddress: '198.51.100.39',
        }),
      );
    }
    expect(answers.slice(0, 30).every((answer) => answer.statusCode === 303)).toBe(true);
    expect(answers[30]!.statusCode).toBe(429);
    expect(answers[30]!.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('starts once at a time, only while the deed is due, and only for its holder', async () => {
    const made = await allotmentAtLeaseDeed();
    await started(made.allotmentId);
    const again = await start(made.allotmentId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'esign_pending' });

    const stranger = await registerEntrepreneur(ctx, 'Someone Else');
    expect((await start(made.allotmentId, stranger.token)).statusCode).toBe(404);
    expect(
      (await ctx.request(stranger.token, { method: 'GET', url: `/api/allotments/${made.allotmentId}/lease-deed.pdf` }))
        .statusCode,
    ).toBe(404);
    expect((await start(made.allotmentId, zonal)).statusCode).toBe(403);

    // A scan uploaded first: the deed is no longer due, so no eSign starts.
    const scanned = await allotmentAtLeaseDeed();
    const upload = await ctx.request(owner, {
      method: 'POST',
      url: `/api/allotments/${scanned.allotmentId}/lease-deed`,
      ...multipart({}, { name: 'lease-deed.pdf', bytes: SAMPLE_FILES.pdf() }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await start(scanned.allotmentId)).statusCode).toBe(409);
    expect((await deedOf(scanned.allotmentId)).json()).toMatchObject({ esigned_by: null });
  });
});
