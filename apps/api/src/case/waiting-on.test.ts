// One answer to "whom does this wait on": the stored waiting_on the officers' inbox reads equals the contract's
// waitingOnOf of each demo application's status and facts, and follows a fact as it changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DOCUMENT_RULES,
  DOCUMENT_TYPES,
  waitingOnOf,
  type ApplicationListItem,
  type ApplicationStatus,
} from '@portal/contract';
import { applications } from '../db/schema';
import { createTestContext, multipart, SAMPLE_FILES, TEST_DB_KIND, type TestContext } from '../test/harness';
import { caseFactsOf } from './waiting-on';

describe(`whom a demo application waits on (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  async function inbox(token: string): Promise<string[]> {
    const response = await ctx.request(token, { method: 'GET', url: '/api/applications?inbox=true&limit=100' });
    expect(response.statusCode).toBe(200);
    return (response.json() as ApplicationListItem[]).map((item) => item.application_number);
  }

  it('stores for every demo application what waitingOnOf answers from its facts', async () => {
    const rows = await ctx.db.select().from(applications).orderBy(applications.applicationNumber);
    const stored = Object.fromEntries(rows.map((row) => [row.applicationNumber, row.waitingOn]));
    // No documents are uploaded in the demo: every submitted case waits on the applicant's documents first.
    expect(stored).toEqual({
      'APP-2026-000001': 'entrepreneur',
      'APP-2026-000002': 'entrepreneur',
      'APP-2026-000003': 'entrepreneur',
      'APP-2026-000004': 'entrepreneur',
      // In possession or under implementation (seed-estate.ts): nobody is waited on.
      'APP-2026-000005': null,
      'APP-2026-000006': null,
      'APP-2026-000007': null,
      'APP-2026-000008': null,
    });
    for (const row of rows) {
      const derived = waitingOnOf(row.status as ApplicationStatus, await caseFactsOf(ctx.db, row.id));
      expect(row.waitingOn, row.applicationNumber).toBe(derived);
    }
  });

  it("keeps the applicant's cases out of the zonal manager's inbox, and lists one when its documents are in", async () => {
    const manager = await ctx.tokenFor('zonal_manager');
    expect(await inbox(manager)).toEqual([]);

    // The applicant uploads every required document of APP-2026-000002 (submitted): it now waits on scrutiny.
    const [submitted] = await ctx.db
      .select()
      .from(applications)
      .where(eq(applications.applicationNumber, 'APP-2026-000002'));
    const applicant = await ctx.tokenFor('entrepreneur');
    for (const type of DOCUMENT_TYPES.filter((candidate) => DOCUMENT_RULES[candidate].required)) {
      const upload = await ctx.request(applicant, {
        method: 'POST',
        url: `/api/applications/${submitted!.id}/documents`,
        ...multipart({ document_type: type }, { name: `${type}.pdf`, bytes: SAMPLE_FILES.pdf() }),
      });
      expect(upload.statusCode, upload.body).toBe(201);
    }
    expect(await inbox(manager)).toEqual(['APP-2026-000002']);
    const [after] = await ctx.db.select().from(applications).where(eq(applications.id, submitted!.id));
    expect(after!.waitingOn).toBe('zonal_manager');
  });
});
