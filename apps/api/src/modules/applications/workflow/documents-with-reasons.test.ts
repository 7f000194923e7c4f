import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDocument, DocumentChecklist } from '@portal/contract';
import { insertDocument } from '../../../repositories/documents';
import { listEventsForApplication } from '../../../repositories/timeline';
import {
  createTestContext,
  multipart,
  registerEntrepreneur,
  SAMPLE_FILES,
  TEST_DB_KIND,
  type TestContext,
} from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';

describe(`documents with reasons: rejection, re-upload and the checklist (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: string;
  let officer: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await ctx.tokenFor('entrepreneur');
    officer = await ctx.tokenFor('zonal_manager');
  });
  afterAll(() => ctx.close());

  const verify = (appId: string, docId: string, verified: boolean, payload?: unknown) =>
    ctx.request(officer, {
      method: 'PUT',
      url: `/api/applications/${appId}/documents/${docId}/verify?verified=${verified}`,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  const documentsOf = async (token: string, appId: string): Promise<ApplicationDocument[]> =>
    (await ctx.request(token, { method: 'GET', url: `/api/applications/${appId}/documents` })).json();
  const checklistOf = (token: string, appId: string) =>
    ctx.request(token, { method: 'GET', url: `/api/applications/${appId}/documents/checklist` });
  const upload = (appId: string, documentType: string, name = 'again.pdf') =>
    ctx.request(owner, {
      method: 'POST',
      url: `/api/applications/${appId}/documents`,
      ...multipart({ document_type: documentType }, { name, bytes: SAMPLE_FILES.pdf() }),
    });
  const referToCommittee = (appId: string) =>
    ctx.request(officer, {
      method: 'PUT',
      url: `/api/applications/${appId}/status`,
      payload: { status: 'pending_committee', current_stage: 'x' },
    });
  const panCardOf = async (appId: string) =>
    (await documentsOf(owner, appId)).find((d) => d.document_type === 'pan_card')!;

  describe('rejecting a document', () => {
    it('needs a reason: none, or fewer than 5 characters after trimming, is a 422 that says so', async () => {
      const app = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'pending' });
      const pan = await panCardOf(app.id);
      const none = await verify(app.id, pan.id, false);
      expect(none.statusCode).toBe(422);
      expect(none.json().detail).toBe('reason: Give the reason for rejecting the document');
      const short = await verify(app.id, pan.id, false, { reason: 'abcd' });
      expect(short.statusCode).toBe(422);
      expect(short.json().detail).toBe('reason: The reason must be at least 5 characters');
      expect((await verify(app.id, pan.id, false, { reason: '   abcd   ' })).statusCode).toBe(422);
      expect((await verify(app.id, pan.id, false, { reason: 'x'.repeat(501) })).statusCode).toBe(422);
      expect((await verify(app.id, pan.id, false, { reason: 12345 })).statusCode).toBe(422);
      expect((await panCardOf(app.id)).verification_status).toBe('pending');
    });

    it('stores the reason, shows it to the applicant and writes it on the timeline', async () => {
      const app = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'pending' });
      const pan = await panCardOf(app.id);
      const rejected = await verify(app.id, pan.id, false, { reason: '  The PAN card scan is blurred  ' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({
        verification_status: 'rejected',
        verified: false,
        rejection_reason: 'The PAN card scan is blurred',
      });
      expect(await panCardOf(app.id)).toMatchObject({
        verification_status: 'rejected',
        rejection_reason: 'The PAN card scan is blurred',
        replaced_at: null,
      });
      const [event] = await listEventsForApplication(ctx.db, app.id);
      expect(event).toMatchObject({
        event_code: 'document_rejected',
        action: 'Document rejected',
        details: 'PAN card: pan_card.pdf. Reason: The PAN card scan is blurred',
        params: { document_type: 'pan_card', file_name: 'pan_card.pdf', reason: 'The PAN card scan is blurred' },
      });
    });

    it('verifies without a body, and ignores one sent with verified=true', async () => {
      const app = await insertTestApplication(ctx, 'submitted', { documents: 'pending' });
      const [first, second] = await documentsOf(owner, app.id);
      const bare = await verify(app.id, first!.id, true);
      expect(bare.statusCode, bare.body).toBe(200);
      expect(bare.json()).toMatchObject({ verification_status: 'verified', rejection_reason: null });
      const withBody = await verify(app.id, second!.id, true, { reason: 'x' });
      expect(withBody.statusCode, withBody.body).toBe(200);
      expect(withBody.json()).toMatchObject({ verification_status: 'verified', rejection_reason: null });
    });
  });

  describe('uploading a rejected document again', () => {
    it.each(['submitted', 'under_scrutiny', 'pending_committee'] as const)(
      'replaces the rejected one while %s: the new one is pending, the old one kept with replaced_at',
      async (status) => {
        const app = await insertTestApplication(ctx, status, { documents: 'pending' });
        const old = await panCardOf(app.id);
        expect((await verify(app.id, old.id, false, { reason: 'Not readable' })).statusCode).toBe(200);

        const uploaded = await upload(app.id, 'pan_card', 'pan-clear.pdf');
        expect(uploaded.statusCode, uploaded.body).toBe(201);
        expect(uploaded.json()).toMatchObject({
          document_type: 'pan_card',
          verification_status: 'pending',
          rejection_reason: null,
          replaced_at: null,
        });

        const pans = (await documentsOf(owner, app.id)).filter((d) => d.document_type === 'pan_card');
        expect(pans).toHaveLength(2);
        expect(pans.find((d) => d.id === old.id)).toMatchObject({
          verification_status: 'rejected',
          rejection_reason: 'Not readable',
          replaced_at: expect.any(String),
        });
        expect(pans.find((d) => d.id === uploaded.json().id)).toMatchObject({ replaced_at: null });

        const [event] = await listEventsForApplication(ctx.db, app.id);
        expect(event).toMatchObject({
          event_code: 'document_uploaded',
          action: 'Document replaced',
          params: { document_type: 'pan_card', file_name: 'pan-clear.pdf', replaced: true },
        });
        const pan = ((await checklistOf(owner, app.id)).json() as DocumentChecklist).find(
          (item) => item.document_type === 'pan_card',
        );
        expect(pan).toEqual({
          document_type: 'pan_card',
          required: true,
          state: 'pending',
          document_id: uploaded.json().id,
          rejection_reason: null,
        });
        // The replaced document is no longer decided on.
        expect((await verify(app.id, old.id, true)).statusCode).toBe(409);
      },
    );

    it('keeps a pending or verified document current: a second upload of its type replaces nothing', async () => {
      const app = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'pending' });
      const uploaded = await upload(app.id, 'pan_card');
      expect(uploaded.statusCode).toBe(201);
      expect((await documentsOf(owner, app.id)).every((d) => d.replaced_at === null)).toBe(true);
      expect((await listEventsForApplication(ctx.db, app.id))[0]!.params).toMatchObject({ replaced: false });
    });

    it('refuses uploads once the committee has decided (409)', async () => {
      const app = await insertTestApplication(ctx, 'approved');
      const late = await upload(app.id, 'pan_card');
      expect(late.statusCode).toBe(409);
      expect(late.json().detail).toBe('Documents can no longer be added to this application');
    });
  });

  describe('the checklist', () => {
    it('lists every type, required first, with its state, document and reason', async () => {
      const app = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'none' });
      const insert = (type: 'dpr' | 'pan_card' | 'other') =>
        insertDocument(ctx.db, {
          applicationId: app.id,
          documentType: type,
          fileName: `${type}.pdf`,
          storageKey: '0'.repeat(32),
          fileSize: 10,
          contentType: 'application/pdf',
        });
      const dpr = await insert('dpr');
      const pan = await insert('pan_card');
      const other = await insert('other');
      expect((await verify(app.id, dpr.id, true)).statusCode).toBe(200);
      expect((await verify(app.id, pan.id, false, { reason: 'Expired card' })).statusCode).toBe(200);

      const response = await checklistOf(owner, app.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([
        { document_type: 'dpr', required: true, state: 'verified', document_id: dpr.id, rejection_reason: null },
        {
          document_type: 'pan_card',
          required: true,
          state: 'rejected',
          document_id: pan.id,
          rejection_reason: 'Expired card',
        },
        { document_type: 'bank_proof', required: true, state: 'missing', document_id: null, rejection_reason: null },
        {
          document_type: 'gst_certificate',
          required: false,
          state: 'missing',
          document_id: null,
          rejection_reason: null,
        },
        {
          document_type: 'caste_certificate',
          required: false,
          state: 'missing',
          document_id: null,
          rejection_reason: null,
        },
        { document_type: 'other', required: false, state: 'pending', document_id: other.id, rejection_reason: null },
      ]);
      expect((await checklistOf(officer, app.id)).json()).toEqual(response.json());
    });

    it("answers 404 for another entrepreneur's application or an unknown one, and 401 without a token", async () => {
      const app = await insertTestApplication(ctx, 'submitted');
      const { token: stranger } = await registerEntrepreneur(ctx);
      expect((await checklistOf(stranger, app.id)).statusCode).toBe(404);
      expect((await checklistOf(owner, crypto.randomUUID())).statusCode).toBe(404);
      expect(
        (await ctx.request(null, { method: 'GET', url: `/api/applications/${app.id}/documents/checklist` })).statusCode,
      ).toBe(401);
    });
  });

  describe('referring to the committee', () => {
    it('is refused (409) while a required document is missing, naming them', async () => {
      const app = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'none' });
      const response = await referToCommittee(app.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(
        'These required documents must be uploaded and verified first: DPR (missing), PAN card (missing), Bank account proof (missing)',
      );
    });

    it('is refused (409) while required documents are pending or rejected, naming them', async () => {
      const app = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'pending' });
      const documents = await documentsOf(owner, app.id);
      const byType = (type: string) => documents.find((d) => d.document_type === type)!;
      expect((await verify(app.id, byType('dpr').id, true)).statusCode).toBe(200);
      expect((await verify(app.id, byType('pan_card').id, false, { reason: 'Expired card' })).statusCode).toBe(200);
      const response = await referToCommittee(app.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(
        'These required documents must be uploaded and verified first: PAN card (rejected), Bank account proof (pending)',
      );

      // Uploaded again and verified, with the bank proof verified too, the application goes to the committee.
      const again = await upload(app.id, 'pan_card');
      expect((await referToCommittee(app.id)).json().detail).toContain('PAN card (pending)');
      expect((await verify(app.id, again.json().id, true)).statusCode).toBe(200);
      expect((await verify(app.id, byType('bank_proof').id, true)).statusCode).toBe(200);
      const referred = await referToCommittee(app.id);
      expect(referred.statusCode, referred.body).toBe(200);
      expect(referred.json().status).toBe('pending_committee');
    });
  });
});
