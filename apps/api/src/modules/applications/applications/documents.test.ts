import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, type Application } from '@portal/contract';
import { applications, documents } from '../../../db/schema';
import {
  createTestContext,
  multipart,
  registerEntrepreneur,
  SAMPLE_FILES,
  TEST_DB_KIND,
  type TestContext,
} from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';

describe(`application documents (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ravi: string;
  let draft: Application;

  const upload = (
    token: string,
    applicationId: string,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer; field?: string },
  ) =>
    ctx.request(token, {
      method: 'POST',
      url: `/api/applications/${applicationId}/documents`,
      ...multipart(fields, file),
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    ravi = await ctx.tokenFor('entrepreneur');
    const list: Application[] = (await ctx.request(ravi, { method: 'GET', url: '/api/applications' })).json();
    draft = list.find((app) => app.status === 'draft')!;
  });
  afterAll(() => ctx.close());

  it('stores an accepted file under a random name, lists it and records it on the timeline', async () => {
    const response = await upload(
      ravi,
      draft.id,
      { document_type: 'dpr' },
      { name: 'Project Report.pdf', bytes: SAMPLE_FILES.pdf() },
    );
    expect(response.statusCode).toBe(201);
    const document = response.json();
    expect(document).toMatchObject({
      application_id: draft.id,
      document_type: 'dpr',
      file_name: 'Project Report.pdf',
      file_size: SAMPLE_FILES.pdf().length,
      verified: false,
      verification_status: 'pending',
    });
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row!.storageKey).toMatch(/^[a-f0-9]{32}$/);
    const stored = path.join(ctx.dataDir, 'uploads', row!.storageKey);
    expect(fs.readFileSync(stored).equals(SAMPLE_FILES.pdf())).toBe(true);
    expect(fs.readdirSync(path.join(ctx.dataDir, 'uploads'))).not.toContain('Project Report.pdf');

    const listed = (await ctx.request(ravi, { method: 'GET', url: `/api/applications/${draft.id}/documents` })).json();
    expect(listed.map((item: { id: string }) => item.id)).toContain(document.id);
    const timeline = (await ctx.request(ravi, { method: 'GET', url: `/api/applications/${draft.id}/timeline` })).json();
    expect(timeline[0]).toMatchObject({
      action: 'Document uploaded',
      entity_type: 'document',
      details: 'DPR: Project Report.pdf',
      event_code: 'document_uploaded',
      params: { document_type: 'dpr', file_name: 'Project Report.pdf', replaced: false },
    });
  });

  it('accepts each type its own extensions (png for a PAN card, docx for other)', async () => {
    expect(
      (await upload(ravi, draft.id, { document_type: 'pan_card' }, { name: 'pan.PNG', bytes: SAMPLE_FILES.png() }))
        .statusCode,
    ).toBe(201);
    expect(
      (await upload(ravi, draft.id, { document_type: 'bank_proof' }, { name: 'cheque.jpg', bytes: SAMPLE_FILES.jpg() }))
        .statusCode,
    ).toBe(201);
    expect(
      (await upload(ravi, draft.id, { document_type: 'other' }, { name: 'note.docx', bytes: SAMPLE_FILES.docx() }))
        .statusCode,
    ).toBe(201);
  });

  it('streams the file back as an attachment with its original name, to the owner and to staff', async () => {
    // Staff do not see a draft (lib/access.ts), so the file is read from a submitted application.
    const submitted = await insertTestApplication(ctx, 'submitted');
    const created = (
      await upload(
        ravi,
        submitted.id,
        { document_type: 'gst_certificate' },
        { name: 'GST certificate é.pdf', bytes: SAMPLE_FILES.pdf() },
      )
    ).json();
    for (const token of [ravi, await ctx.tokenFor('zonal_manager')]) {
      const response = await ctx.request(token, {
        method: 'GET',
        url: `/api/applications/${submitted.id}/documents/${created.id}/file`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="GST certificate _.pdf"; filename*=UTF-8''GST%20certificate%20%C3%A9.pdf`,
      );
      expect(response.rawPayload.equals(SAMPLE_FILES.pdf())).toBe(true);
    }
    const missing = await ctx.request(ravi, {
      method: 'GET',
      url: `/api/applications/${draft.id}/documents/${crypto.randomUUID()}/file`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a type the document does not take, by extension or by content, with 415', async () => {
    const pngAsDpr = await upload(
      ravi,
      draft.id,
      { document_type: 'dpr' },
      { name: 'report.png', bytes: SAMPLE_FILES.png() },
    );
    expect(pngAsDpr.statusCode).toBe(415);
    expect(pngAsDpr.json().detail).toBe('This file type is not accepted. Accepted types: PDF, DOC, DOCX');
    const disguised = await upload(
      ravi,
      draft.id,
      { document_type: 'pan_card' },
      { name: 'pan.pdf', bytes: SAMPLE_FILES.exe() },
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().detail).toMatch(/not a valid PDF/);
    const noExtension = await upload(
      ravi,
      draft.id,
      { document_type: 'other' },
      { name: 'README', bytes: SAMPLE_FILES.pdf() },
    );
    expect(noExtension.statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413, and stores nothing', async () => {
    const before = (await ctx.db.select().from(documents).where(eq(documents.applicationId, draft.id))).length;
    const big = Buffer.concat([SAMPLE_FILES.pdf(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const response = await upload(ravi, draft.id, { document_type: 'dpr' }, { name: 'huge.pdf', bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe('File size should not exceed 5MB');
    expect((await ctx.db.select().from(documents).where(eq(documents.applicationId, draft.id))).length).toBe(before);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const exact = Buffer.concat([SAMPLE_FILES.pdf(), Buffer.alloc(MAX_UPLOAD_BYTES - SAMPLE_FILES.pdf().length)]);
    expect(
      (await upload(ravi, draft.id, { document_type: 'dpr' }, { name: 'exact.pdf', bytes: exact })).statusCode,
    ).toBe(201);
  });

  it('refuses malformed uploads with 4xx and a detail: unknown or missing type 422, no file 400, not multipart 415', async () => {
    const unknown = await upload(
      ravi,
      draft.id,
      { document_type: 'passport' },
      { name: 'a.pdf', bytes: SAMPLE_FILES.pdf() },
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toMatch(/document_type/);
    expect((await upload(ravi, draft.id, {}, { name: 'a.pdf', bytes: SAMPLE_FILES.pdf() })).statusCode).toBe(422);
    const noFile = await upload(ravi, draft.id, { document_type: 'dpr' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe('Please select a file');
    const wrongField = await upload(
      ravi,
      draft.id,
      { document_type: 'dpr' },
      { name: 'a.pdf', bytes: SAMPLE_FILES.pdf(), field: 'upload' },
    );
    expect(wrongField.statusCode).toBe(422);
    const json = await ctx.request(ravi, {
      method: 'POST',
      url: `/api/applications/${draft.id}/documents`,
      payload: { document_type: 'dpr' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toBeTruthy();
  });

  it('refuses uploads once the committee has decided (409), from staff (403) and to another entrepreneur (404)', async () => {
    const approved = await insertTestApplication(ctx, 'approved');
    const late = await upload(
      ravi,
      approved.id,
      { document_type: 'other' },
      { name: 'a.pdf', bytes: SAMPLE_FILES.pdf() },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('Documents can no longer be added to this application');
    expect(
      (
        await upload(
          await ctx.tokenFor('ho'),
          draft.id,
          { document_type: 'dpr' },
          { name: 'a.pdf', bytes: SAMPLE_FILES.pdf() },
        )
      ).statusCode,
    ).toBe(403);
    const { token: other } = await registerEntrepreneur(ctx);
    expect(
      (await upload(other, draft.id, { document_type: 'dpr' }, { name: 'a.pdf', bytes: SAMPLE_FILES.pdf() }))
        .statusCode,
    ).toBe(404);
  });

  it('accepts uploads while submitted, under scrutiny and pending committee', async () => {
    const list: Application[] = (await ctx.request(ravi, { method: 'GET', url: '/api/applications' })).json();
    for (const status of ['submitted', 'under_scrutiny', 'pending_committee'] as const) {
      const app = list.find((item) => item.status === status)!;
      expect(
        (await upload(ravi, app.id, { document_type: 'other' }, { name: 'more.pdf', bytes: SAMPLE_FILES.pdf() }))
          .statusCode,
      ).toBe(201);
    }
  });

  it('keeps another entrepreneur out of the list and the files (404)', async () => {
    const created = (
      await upload(ravi, draft.id, { document_type: 'other' }, { name: 'x.pdf', bytes: SAMPLE_FILES.pdf() })
    ).json();
    const { token: other } = await registerEntrepreneur(ctx);
    expect(
      (await ctx.request(other, { method: 'GET', url: `/api/applications/${draft.id}/documents` })).statusCode,
    ).toBe(404);
    const file = await ctx.request(other, {
      method: 'GET',
      url: `/api/applications/${draft.id}/documents/${created.id}/file`,
    });
    expect(file.statusCode).toBe(404);
    expect(file.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    // A document asked for through the wrong application is not found either.
    const [another] = await ctx.db.select().from(applications).where(eq(applications.status, 'submitted'));
    expect(
      (await ctx.request(ravi, { method: 'GET', url: `/api/applications/${another!.id}/documents/${created.id}/file` }))
        .statusCode,
    ).toBe(404);
  });
});
