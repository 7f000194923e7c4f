// The public check of a file (POST /api/verify, decision 035): a reader's copy of an issued PDF reads valid and names
// the document it is; one changed byte reads altered and is no issued document; a PDF signed with someone else's
// self-made certificate reads untrusted, an unsigned one missing, and a copy signed again after the corporation
// reports both signatures. Too large a file is 413, something that is not a PDF 422, and the checks are limited per
// address. The look-up by code names the signer and says it is the DEMO identity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedFile, VerifiedDocument } from '@portal/contract';
import { DEMO_ORG } from '../../../config';
import { createDocumentSigner } from '../../../lib/document-signing/document-signer';
import { identityFromDemo, makeDemoIdentity } from '../../../lib/document-signing/identity';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import { renderPdf } from './render-pdf';
import { documentLanguage } from './texts';

const DEMO_SIGNER = 'DEMO Industrial Infrastructure Corporation document signing';

describe(`the check of a file (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let issued: Buffer;
  let code: string;
  let documentNumber: string;
  let unsigned: Buffer;
  let stranger: ReturnType<typeof createDocumentSigner>;
  let addresses = 0;

  /** POST /api/verify from an address of its own, unless one is given. */
  const check = (body: Buffer | string, contentType = 'application/pdf', remoteAddress?: string) =>
    ctx.request(null, {
      method: 'POST',
      url: '/api/verify',
      payload: body,
      headers: { 'content-type': contentType },
      remoteAddress: remoteAddress ?? `10.77.0.${++addresses}`,
    });
  const checked = async (body: Buffer): Promise<CheckedFile> => {
    const response = await check(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    const application = await insertTestApplication(ctx, 'submitted');
    const downloaded = await ctx.request(await ctx.tokenFor('entrepreneur'), {
      method: 'GET',
      url: `/api/applications/${application.id}/acknowledgment.pdf`,
    });
    expect(downloaded.statusCode).toBe(200);
    issued = downloaded.rawPayload;
    code = String(downloaded.headers['x-verification-code']);
    documentNumber = application.applicationNumber;
    unsigned = await renderPdf({
      content: {
        documentNumber,
        title: 'Acknowledgment of Application',
        blocks: [{ type: 'paragraph', text: 'A copy made without the portal.' }],
      },
      letterhead: DEMO_ORG,
      language: documentLanguage('en'),
      issuedAt: new Date('2026-03-05T10:00:00Z'),
    });
    const somebody = makeDemoIdentity('Somebody Else', new Date('2026-01-01T00:00:00Z'));
    stranger = createDocumentSigner(identityFromDemo(somebody), {
      demo: false,
      demoCa: undefined,
      esignTrustedCas: [],
      organisation: { name: 'Somebody Else', address: 'Elsewhere' },
    });
  });
  afterAll(() => ctx.close());

  it('reads an issued PDF as valid, signed by the DEMO identity, and names the document it is', async () => {
    const answer = await checked(issued);
    expect(answer).toEqual({
      signature: 'valid',
      signatures: [
        {
          signer: DEMO_SIGNER,
          state: 'valid',
          covers_whole_file: true,
          by_corporation: true,
          demo: true,
          signed_at: expect.any(String),
        },
      ],
      demo: true,
      issued: { verification_code: code, kind: 'acknowledgment', document_number: documentNumber, status: 'valid' },
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The look-up by code says who signed it, too.
    const verified: VerifiedDocument = (
      await ctx.request(null, { method: 'GET', url: `/api/verify/${code}`, remoteAddress: '10.77.1.1' })
    ).json();
    expect(verified.signature).toEqual({ signer: DEMO_SIGNER, demo: true });
    expect(verified.sha256).toBe(answer.sha256);
  });

  it('reads a copy with one byte changed as altered, and as no issued document', async () => {
    const changed = Buffer.from(issued);
    const at = changed.indexOf('(Industrial Infrastructure Corporation)') + 2;
    changed[at]! ^= 0x20;
    const answer = await checked(changed);
    expect(answer).toMatchObject({
      signature: 'altered',
      signatures: [{ signer: DEMO_SIGNER, state: 'altered', covers_whole_file: true }],
      issued: null,
    });
  });

  it("reads a PDF signed with someone else's self-made certificate as untrusted, and not DEMO", async () => {
    const answer = await checked(await stranger.signPdf(unsigned));
    expect(answer).toMatchObject({
      signature: 'untrusted',
      signatures: [{ signer: 'DEMO Somebody Else document signing', state: 'untrusted', by_corporation: false }],
      demo: false,
      issued: null,
    });
  });

  it('reads a PDF without a signature as missing', async () => {
    expect(await checked(unsigned)).toMatchObject({ signature: 'missing', signatures: [], demo: false, issued: null });
  });

  it("reports each signature of a copy signed again after the corporation's", async () => {
    const answer = await checked(await stranger.signPdf(issued));
    expect(answer).toMatchObject({
      signature: 'untrusted',
      signatures: [
        { signer: DEMO_SIGNER, state: 'valid', covers_whole_file: false, by_corporation: true },
        { signer: 'DEMO Somebody Else document signing', state: 'untrusted', covers_whole_file: true },
      ],
      issued: null,
    });
  });

  it('refuses a file over 20 MB (413) and one that is not a PDF (422), each with a code', async () => {
    const large = Buffer.alloc(25 * 1024 * 1024, 0x20);
    large.write('%PDF-1.7\n');
    const tooLarge = await check(large);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: expect.stringContaining('20 MB'), code: 'payload_too_large' });

    for (const [body, type] of [
      ['Dear sir, please find the letter attached.', 'application/pdf'],
      ['Dear sir, please find the letter attached.', 'text/plain'],
      [JSON.stringify({ pdf: 'no' }), 'application/json'],
      ['', 'application/pdf'],
    ] as const) {
      const refused = await check(body, type);
      expect(refused.statusCode, `${type}: ${refused.body}`).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'validation_failed',
        errors: [{ path: 'body', message: 'The file is not a PDF' }],
      });
    }
  });

  it('is limited per address (429 with Retry-After) before the file is read', async () => {
    for (let i = 0; i < 10; i++) expect((await check(unsigned, 'application/pdf', '10.77.2.1')).statusCode).toBe(200);
    const limited = await check(unsigned, 'application/pdf', '10.77.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect((await check(unsigned, 'application/pdf', '10.77.2.2')).statusCode).toBe(200);
  });
});
