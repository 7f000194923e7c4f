import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPLICATION_STATUSES, SERVICE_TARGETS, type Invoice } from '@portal/contract';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { verifyAuditChain } from '../modules/audit/verify';
import { generateVolumeData, type VolumeSummary } from './generate-volume';

const APPLICATIONS = 300;

describe(`generateVolumeData (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let summary: VolumeSummary;
  let before: Record<string, number>;

  const count = async (query: string) => {
    const result = (await ctx.db.execute(sql.raw(query))) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]!.n);
  };
  const rows = async <T>(query: string) => ((await ctx.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const TABLES = [
    'users',
    'applicants',
    'assets',
    'applications',
    'documents',
    'invoices',
    'payments',
    'gateway_orders',
    'allotments',
    'lease_deeds',
    'possessions',
    'allotment_milestones',
    'timeline_events',
    'meetings',
    'service_requests',
    'grievances',
    'grievance_entries',
    'sms_outbox',
    'notifications',
    'ledger_entries',
  ];
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(TABLES.map(async (table) => [table, await count(`SELECT count(*) AS n FROM ${table}`)])),
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    before = await counts();
    summary = await generateVolumeData(ctx.db, { applications: APPLICATIONS, seed: 7, batchSize: 140 });
  }, 120_000);
  afterAll(() => ctx.close());

  it('adds the rows it reports, in the proportions of the brief', async () => {
    const after = await counts();
    for (const table of TABLES) {
      expect(after[table]! - before[table]!, table).toBe(summary.rows[table] ?? 0);
    }
    expect(summary.rows.applications).toBe(APPLICATIONS);
    expect(summary.rows.users).toBe(APPLICATIONS / 3);
    expect(summary.rows.applicants).toBe(APPLICATIONS / 3);
    expect(summary.rows.assets).toBe(Math.ceil(APPLICATIONS / 7));
    // Several documents and a few timeline rows per application; the submit invoices for nearly all of them.
    expect(summary.rows.documents).toBeGreaterThan(APPLICATIONS * 2);
    expect(summary.rows.timeline_events).toBeGreaterThan(APPLICATIONS * 2);
    expect(summary.rows.invoices).toBeGreaterThan(APPLICATIONS);
    expect(summary.rows.payments).toBeGreaterThan(0);
    expect(summary.rows.allotments).toBeGreaterThan(0);
    expect(summary.rows.meetings).toBeGreaterThan(0);
    expect(summary.rows.service_requests).toBeGreaterThan(0);
    // A grievance from about one in eight submitted applications, each with the entry that raised it.
    expect(summary.rows.grievances).toBeGreaterThan(0);
    expect(summary.rows.grievance_entries).toBe(summary.rows.grievances);
    // The SMS of each submission to an entrepreneur with a verified mobile (half of them).
    expect(summary.rows.sms_outbox).toBeGreaterThan(0);
    // The bell: the applicant of each submitted application and the zonal manager of each case in scrutiny or later.
    expect(summary.rows.notifications).toBeGreaterThan(APPLICATIONS);
  });

  it('gives every allotment its holder, and every possession its lease and two milestones, some late', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM allotments al JOIN applications ap ON ap.id = al.application_id
                   JOIN applicants a ON a.id = ap.applicant_id WHERE al.holder_user_id <> a.user_id`),
    ).toBe(0);
    expect(summary.rows.allotment_milestones).toBe(2 * (summary.rows.possessions ?? 0));
    expect(
      await count(`SELECT count(*) AS n FROM allotments al JOIN possessions po ON po.allotment_id = al.id
                   WHERE al.possession_date IS DISTINCT FROM po.possession_date
                      OR al.lease_ends_on <> (po.possession_date + interval '99 years')::date`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM allotment_milestones m JOIN allotments al ON al.id = m.allotment_id
                   JOIN applications ap ON ap.id = al.application_id
                   WHERE (m.met_on IS NOT NULL) <> (ap.status IN ('under_implementation', 'completed')
                         AND (m.kind = 'commence_construction' OR ap.status = 'completed'))`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM allotment_milestones WHERE met_on IS NULL AND due_on < current_date`),
    ).toBeGreaterThan(0);
  });

  it('covers every application status, and dates within about three years before now', async () => {
    const statuses = await rows<{ status: string }>('SELECT DISTINCT status::text AS status FROM applications');
    expect(statuses.map((row) => row.status).sort()).toEqual([...APPLICATION_STATUSES].sort());
    const [span] = await rows<{ oldest: string; newest: string }>(
      'SELECT min(created_at)::text AS oldest, max(updated_at)::text AS newest FROM applications',
    );
    expect(Date.parse(span!.newest)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - Date.parse(span!.oldest)).toBeGreaterThan(2.5 * 365 * 86_400_000);
    expect(Date.now() - Date.parse(span!.oldest)).toBeLessThan(3.2 * 365 * 86_400_000);
    expect(
      await count(`SELECT count(*) AS n FROM applications WHERE submitted_at < created_at OR updated_at < created_at
                   OR (status = 'draft') <> (submitted_at IS NULL)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM applications WHERE application_number !~ '^APP-\\d{4}-\\d{6}$'`),
    ).toBe(0);
    // Waiting statuses carry a service clock (whom they wait on and a due day after they entered the stage).
    const waiting = Object.keys(SERVICE_TARGETS)
      .map((status) => `'${status}'`)
      .join(', ');
    expect(
      await count(`SELECT count(*) AS n FROM applications WHERE status IN (${waiting})
                   AND (waiting_on IS NULL OR stage_due_on IS NULL OR stage_due_on < stage_entered_at::date)`),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM applications WHERE status IN (${waiting})`)).toBeGreaterThan(0);
  });

  it('links every row to rows that exist, with statuses that agree', async () => {
    // Foreign keys hold these already; the queries say what the data promises.
    expect(
      await count(
        'SELECT count(*) AS n FROM invoices i LEFT JOIN applications a ON a.id = i.application_id WHERE a.id IS NULL',
      ),
    ).toBe(0);
    expect(
      await count('SELECT count(*) AS n FROM allotments l LEFT JOIN assets s ON s.id = l.asset_id WHERE s.id IS NULL'),
    ).toBe(0);
    // Every paid invoice has exactly one successful payment of its amount, and nothing unpaid has one.
    expect(
      await count(`SELECT count(*) AS n FROM invoices i
                   WHERE (i.status = 'paid') <> EXISTS (SELECT 1 FROM payments p
                         WHERE p.invoice_id = i.id AND p.status = 'success' AND p.amount = i.amount
                           AND p.application_id = i.application_id)`),
    ).toBe(0);
    // Each application's owner paid its payments.
    expect(
      await count(`SELECT count(*) AS n FROM payments p JOIN applications a ON a.id = p.application_id
                   JOIN applicants c ON c.id = a.applicant_id WHERE p.paid_by IS DISTINCT FROM c.user_id`),
    ).toBe(0);
    // Submitted applications owe the processing fee and EMD; payment verified and later ones paid everything.
    expect(
      await count(`SELECT count(*) AS n FROM applications a WHERE a.status <> 'draft'
                   AND (SELECT count(*) FROM invoices i WHERE i.application_id = a.id AND i.invoice_type <> 'premium_instalment') <> 2`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM applications a
                   WHERE a.status IN ('payment_verified', 'provisional_allotment', 'lease_submitted', 'final_allotment',
                                      'possession_given', 'under_implementation', 'completed')
                   AND (SELECT count(*) FROM invoices i WHERE i.application_id = a.id AND i.status = 'paid') <> 3`),
    ).toBe(0);
    // Allotments exactly for the allotment-and-later statuses, on the application's own asset, which they hold.
    const allotted = `('provisional_allotment', 'lease_submitted', 'final_allotment', 'possession_given',
                       'under_implementation', 'completed')`;
    expect(
      await count(`SELECT count(*) AS n FROM applications a
                   WHERE (a.status IN ${allotted}) <> EXISTS (SELECT 1 FROM allotments l WHERE l.application_id = a.id
                                                              AND l.status IN ('active', 'surrendered'))`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM allotments l JOIN applications a ON a.id = l.application_id
                   JOIN assets s ON s.id = l.asset_id
                   WHERE l.status = 'active' AND (l.asset_id <> a.asset_id OR s.status NOT IN ('reserved', 'allotted')
                      OR (l.allotment_type = 'final') <> (s.status = 'allotted'))`),
    ).toBe(0);
    // A surrendered allotment (the seed's) leaves its application where it was and its plot back in the inventory.
    expect(
      await count(`SELECT count(*) AS n FROM allotments l JOIN assets s ON s.id = l.asset_id
                   WHERE l.status = 'surrendered' AND (s.status <> 'available' OR s.available_area <> s.total_area)`),
    ).toBe(0);
    // A held asset has no area left to offer, as the API stores it (repositories/assets.ts).
    expect(
      await count(`SELECT count(*) AS n FROM assets WHERE status IN ('reserved', 'allotted') AND available_area <> 0`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM applications a WHERE a.status IN ('possession_given', 'under_implementation', 'completed')
                   AND NOT EXISTS (SELECT 1 FROM possessions p JOIN allotments l ON l.id = p.allotment_id WHERE l.application_id = a.id)`),
    ).toBe(0);
    // Meetings list applications that exist; service requests are the owner's own.
    expect(
      await count(`SELECT count(*) AS n FROM meetings m, unnest(m.application_ids) AS id
                   WHERE NOT EXISTS (SELECT 1 FROM applications a WHERE a.id = id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM service_requests r JOIN applications a ON a.id = r.application_id
                   JOIN applicants c ON c.id = a.applicant_id WHERE c.user_id <> r.user_id`),
    ).toBe(0);
    // A grievance is the complainant's own about their own application, in its asset's zone, routed and promised by
    // its category as the portal raises one, numbered GRV- per year, and resolved on time exactly when by its day.
    expect(
      await count(`SELECT count(*) AS n FROM grievances g JOIN applications a ON a.id = g.application_id
                   JOIN applicants c ON c.id = a.applicant_id JOIN assets s ON s.id = a.asset_id
                   WHERE c.user_id <> g.raised_by OR g.zone IS DISTINCT FROM s.zone OR g.raised_at < a.submitted_at
                      OR g.due_on <= (g.raised_at AT TIME ZONE 'Asia/Kolkata')::date
                      OR g.grievance_number !~ '^GRV-[0-9]{4}-[0-9]{6}$'
                      OR (g.status = 'resolved') <> (g.resolved_at IS NOT NULL)
                      OR (g.status = 'detail_asked') <> (g.detail_asked_at IS NOT NULL)
                      OR (g.status = 'resolved' AND g.resolved_on_time <> ((g.resolved_at AT TIME ZONE 'Asia/Kolkata')::date <= g.due_on))
                      OR g.routed_to <> (CASE g.category WHEN 'billing' THEN 'finance' WHEN 'officer_conduct' THEN 'ho'
                                           ELSE 'zonal_manager' END)::role`),
    ).toBe(0);
    expect(
      await count(`SELECT count(DISTINCT status) AS n FROM grievances WHERE raised_by IN
                          (SELECT id FROM users WHERE email LIKE '%@vol%')`),
    ).toBe(3);
    // Half the generated entrepreneurs have a verified mobile of their own, and each submission's SMS went to its
    // applicant's mobile, naming the application, sent when it was submitted unless the provider failed it.
    const [mobiles] = await rows<{
      with_mobile: number | string;
      all: number | string;
      distinct_mobiles: number | string;
    }>(
      `SELECT count(mobile) AS with_mobile, count(*) AS all, count(DISTINCT mobile) AS distinct_mobiles
       FROM users WHERE email LIKE '%@vol%'`,
    );
    expect(Number(mobiles!.with_mobile)).toBe(Math.floor(Number(mobiles!.all) / 2));
    expect(Number(mobiles!.distinct_mobiles)).toBe(Number(mobiles!.with_mobile));
    expect(
      await count(`SELECT count(*) AS n FROM sms_outbox s JOIN users u ON u.id = s.user_id
                   JOIN applications a ON a.application_number = s.params->>'application_number'
                   JOIN applicants c ON c.id = a.applicant_id
                   WHERE u.email LIKE '%@vol%' AND (s.to_mobile IS DISTINCT FROM u.mobile OR c.user_id <> u.id
                     OR s.created_at <> a.submitted_at OR (s.status = 'failed') <> (s.sent_at IS NULL)
                     OR (s.status = 'delivered') <> (s.delivered_at IS NOT NULL))`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM applications a JOIN applicants c ON c.id = a.applicant_id
                   JOIN users u ON u.id = c.user_id
                   WHERE u.email LIKE '%@vol%' AND u.mobile IS NOT NULL AND a.submitted_at IS NOT NULL
                     AND NOT EXISTS (SELECT 1 FROM sms_outbox s WHERE s.params->>'application_number' = a.application_number)`),
    ).toBe(0);
    // Each generated payment came through its own paid gateway order for its invoice's amount, and each order names it back;
    // the failed attempts have no payment and are older than the invoice's payment when there is one.
    expect(
      await count(`SELECT count(*) AS n FROM payments p JOIN users u ON u.id = p.paid_by AND u.email LIKE '%@vol%'
                   LEFT JOIN gateway_orders o ON o.id = p.gateway_order_id
                   WHERE o.id IS NULL OR o.payment_id <> p.id OR o.status <> 'paid' OR o.invoice_id <> p.invoice_id
                      OR o.amount <> p.amount OR o.settled_at <> p.payment_date`),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM gateway_orders WHERE status = 'failed'`)).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*) AS n FROM gateway_orders o JOIN invoices i ON i.id = o.invoice_id
                   WHERE o.status = 'failed' AND (o.payment_id IS NOT NULL OR o.created_at >= coalesce(i.paid_at, 'infinity'))`),
    ).toBe(0);
  });

  it('writes timeline rows of an application in the order they happened', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM (
                     SELECT timestamp < lag(timestamp) OVER (PARTITION BY application_id ORDER BY seq) AS backwards
                     FROM timeline_events) AS t WHERE backwards`),
    ).toBe(0);
  });

  it('lets a generated entrepreneur sign in with the demo password and see their own applications', async () => {
    const [owner] = await rows<{ email: string; applications: number | string }>(
      `SELECT u.email, count(*) AS applications FROM users u JOIN applicants c ON c.user_id = u.id
       JOIN applications a ON a.applicant_id = c.id WHERE u.email LIKE '%@vol1.example.com' AND u.is_active
       GROUP BY u.email ORDER BY count(*) DESC, u.email LIMIT 1`,
    );
    const token = await ctx.tokenFor(owner!.email);
    const response = await ctx.request(token, { method: 'GET', url: '/api/applications' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(Number(owner!.applications));
  });

  it('keeps the counters ahead, so the app issues new numbers that do not collide', async () => {
    const token = await ctx.tokenFor('entrepreneur');
    const [asset] = (await ctx.request(token, { method: 'GET', url: '/api/assets/available' })).json();
    const created = await ctx.request(token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: asset.id,
        project_description: 'After the volume data',
        estimated_investment: 1_000_000,
        employment_generation: 3,
      },
    });
    expect(created.statusCode).toBe(201);
    const application = created.json();
    const year = new Date().getUTCFullYear();
    const [highest] = await rows<{ number: string }>(
      `SELECT max(application_number) AS number FROM applications WHERE application_number LIKE 'APP-${year}-%'`,
    );
    expect(highest!.number).toBe(application.application_number);

    const submitted = await ctx.request(token, { method: 'POST', url: `/api/applications/${application.id}/submit` });
    expect(submitted.statusCode).toBe(200);
    const invoices: Invoice[] = (
      await ctx.request(token, { method: 'GET', url: `/api/invoices?application_id=${application.id}` })
    ).json();
    expect(invoices).toHaveLength(2);
    const paid = await ctx.request(token, {
      method: 'POST',
      url: '/api/payments',
      payload: {
        invoice_id: invoices[0]!.id,
        application_id: application.id,
        amount: invoices[0]!.amount,
        transaction_reference: 'AFTER-VOLUME',
      },
    });
    expect(paid.statusCode).toBe(201);
  });

  it('posts each invoice and each successful payment to the ledger once, as its posting triggers do', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM invoices i WHERE (SELECT count(*) FROM ledger_entries e
                   WHERE e.source_key = 'invoice:' || i.id AND e.invoice_id = i.id AND e.debit = i.amount
                     AND e.application_id = i.application_id AND e.posted_at = i.generated_at) <> 1`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM payments p WHERE p.status = 'success' AND (SELECT count(*) FROM ledger_entries e
                   WHERE e.source_key = 'payment:' || p.id AND e.payment_id = p.id AND e.credit = p.amount
                     AND e.posted_at = p.payment_date) <> 1`),
    ).toBe(0);
  });

  it('keeps the audit chain whole: one entry per batch, and the row triggers back on for the app', async () => {
    const entries = await rows<{ changes: { batch: string; rows: Record<string, number> } }>(
      `SELECT changes FROM audit_log WHERE entity = 'volume_data' ORDER BY seq`,
    );
    // One batch of entrepreneurs and three of applications (300 in batches of 140).
    expect(entries.map((entry) => entry.changes.batch)).toEqual([
      'entrepreneurs 1-100',
      'applications 1-140',
      'applications 141-280',
      'applications 281-300',
    ]);
    expect(entries.reduce((sum, entry) => sum + (entry.changes.rows.applications ?? 0), 0)).toBe(APPLICATIONS);
    expect(
      await count(`SELECT count(*) AS n FROM pg_trigger WHERE tgname IN ('audit_row', 'ledger_post_invoice',
                   'ledger_post_payment') AND tgenabled <> 'O'`),
    ).toBe(0);
    // The app's own writes after the run (the test above) are audited row by row on the same chain.
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE entity = 'payments'`)).toBeGreaterThan(0);
    expect((await verifyAuditChain(ctx.db)).problem).toBeNull();
  });

  it('appends a second run beside the first without collisions', async () => {
    const second = await generateVolumeData(ctx.db, { applications: 21, seed: 7 });
    expect(second.run).toBe(2);
    expect(second.rows.applications).toBe(21);
    expect(await count(`SELECT count(*) AS n FROM users WHERE email LIKE '%@vol2.example.com'`)).toBe(7);
  });
});
