/** The demo world (decision 027) on the demo seed: each item is there, made by the services, and its history agrees
 * (the ledger has every invoice and receipt, the late dues accrue interest, the timeline has the sweep's moves). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { seedDemoWorld, WORLD_APPLICANT_MOBILE, WORLD_AUCTION_OPENS_AFTER_MS, WORLD_USERS } from './seed-world';

describe(`the demo world (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let seededAt: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    seededAt = Date.now();
    await seedDemoWorld(ctx.db, { storage: ctx.app.storage });
  }, 180_000);
  afterAll(() => ctx.close());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
  const get = async (email: string, url: string) => {
    const response = await ctx.request(await ctx.tokenFor(email), { method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('has an escalated case, a deemed approval and a late case, moved by the deadline sweep', async () => {
    const cases = await rows<{ asset_code: string; status: string; escalated_to: string | null; codes: string[] }>(
      sql`select s.asset_code, a.status, a.escalated_to,
            array(select t.event_code from timeline_events t where t.application_id = a.id order by t.timestamp) as codes
          from applications a join assets s on s.id = a.asset_id where s.asset_code in ('WAR-PL-301', 'WAR-PL-302', 'WAR-PL-303')
          order by s.asset_code`,
    );
    expect(cases.map(({ asset_code, status, escalated_to }) => [asset_code, status, escalated_to])).toEqual([
      ['WAR-PL-301', 'submitted', 'ho'],
      ['WAR-PL-302', 'under_scrutiny', null],
      ['WAR-PL-303', 'under_scrutiny', null],
    ]);
    expect(cases[0]!.codes.at(-1)).toBe('case_escalated');
    expect(cases[1]!.codes.slice(-2)).toEqual(['case_escalated', 'deemed_approved']);
  });

  it('lets the applicant appeal the late case and the rejected one, and has an appeal heard', async () => {
    const mine = (await get(WORLD_USERS.applicant.email, '/api/applications?page_size=50')) as {
      id: string;
      asset_code: string;
    }[];
    const idOf = (code: string) => mine.find((item) => item.asset_code === code)!.id;
    const appealsOf = (code: string) => get(WORLD_USERS.applicant.email, `/api/applications/${idOf(code)}/appeals`);
    expect(await appealsOf('WAR-PL-303')).toMatchObject({ can_appeal: true, ground: 'late' });
    expect(await appealsOf('WAR-PL-304')).toMatchObject({ can_appeal: true, ground: 'rejected' });
    const heard = await appealsOf('WAR-PL-305');
    expect(heard.refusal).toBe('appeal_open');
    expect(heard.appeals[0].heard_at).not.toBeNull();
  });

  it("bills the allottee's years since possession, unpaid and accruing interest, each on the ledger at its billing", async () => {
    const invoices = (await get(WORLD_USERS.allottee.email, '/api/invoices?page_size=50')) as {
      id: string;
      financial_year: number | null;
      status: string;
      interest: number;
    }[];
    const late = invoices.filter((invoice) => invoice.financial_year !== null && invoice.status === 'overdue');
    expect(late.length).toBeGreaterThanOrEqual(4);
    for (const invoice of late) expect(invoice.interest).toBeGreaterThan(0);
    const unposted = await rows<{ n: number }>(
      sql`select count(*)::int as n from invoices i where not exists
            (select 1 from ledger_entries l where l.invoice_id = i.id and l.entry_type = 'invoice' and l.posted_at = i.generated_at)`,
    );
    expect(unposted[0]!.n).toBe(0);
  });

  it('has a show-cause under way, a transfer on offer, a refund for its checker and an unmatched credit', async () => {
    const [counts] = await rows<{ notices: number; offers: number; refunds: number; credits: number }>(
      sql`select (select count(*)::int from show_causes where outcome is null) as notices,
            (select count(*)::int from service_requests where request_type = 'transfer' and transferee_email = ${WORLD_USERS.applicant.email}
              and transferee_accepted_at is null) as offers,
            (select count(*)::int from refunds where status = 'prepared') as refunds,
            (select count(*)::int from bank_credits where status = 'unmatched') as credits`,
    );
    expect(counts).toEqual({ notices: 1, offers: 1, refunds: 1, credits: 1 });
  });

  it('has a draw decided with its public record and an auction whose bidding opens minutes after the seed', async () => {
    const schemes = await rows<{ mode: string; status: string; auction_starts_at: string | null; public: boolean }>(
      sql`select s.mode, s.status, s.auction_starts_at::text,
            exists (select 1 from public_scheme_records p where p.scheme_id = s.id) as public
          from schemes s where s.title like 'Madikonda%' or s.title like 'Kazipet%' order by s.mode::text`,
    );
    expect(schemes.map(({ mode, status, public: stored }) => [mode, status, stored])).toEqual([
      ['auction', 'closed', true],
      ['draw', 'decided', true],
    ]);
    // Their applications were approved days before the close and wait on nobody: none reads as late.
    for (const person of [WORLD_USERS.applicant, WORLD_USERS.allottee]) {
      const inSchemes = (
        (await get(person.email, '/api/applications?page_size=50')) as {
          scheme_id: string | null;
          status: string;
          overdue: boolean;
        }[]
      ).filter((application) => application.scheme_id !== null && application.status === 'approved');
      expect(inSchemes.length, person.email).toBeGreaterThan(0);
      expect(
        inSchemes.filter((application) => application.overdue),
        person.email,
      ).toEqual([]);
    }
    const opensAt = Date.parse(schemes[0]!.auction_starts_at!);
    expect(opensAt - seededAt).toBeGreaterThanOrEqual(WORLD_AUCTION_OPENS_AFTER_MS - 60_000);
    expect(opensAt - seededAt).toBeLessThanOrEqual(WORLD_AUCTION_OPENS_AFTER_MS + 120_000);
  });

  it("has the allottee's grievance waiting for detail, the applicant's with the zone's manager, and a verified mobile", async () => {
    const allottees = await get(WORLD_USERS.allottee.email, '/api/grievances');
    expect(allottees.map((item: { category: string; status: string; routed_to: string }) => item)).toEqual([
      expect.objectContaining({ category: 'billing', status: 'detail_asked', routed_to: 'finance' }),
    ]);
    const applicants = await get(WORLD_USERS.applicant.email, '/api/grievances');
    expect(applicants).toEqual([
      expect.objectContaining({ category: 'delay', status: 'open', routed_to: 'zonal_manager' }),
    ]);
    const [mobile] = await rows<{ mobile: string | null; verified: boolean }>(
      sql`select mobile, mobile_verified_at is not null as verified from users where email = ${WORLD_USERS.applicant.email}`,
    );
    expect(mobile).toEqual({ mobile: WORLD_APPLICANT_MOBILE, verified: true });
  });
});
