/** Data at scale: `npm run db:seed -- --applications 100000` adds a realistic data set on top of the demo data.
 *
 * Every table is filled with set-based SQL (INSERT ... SELECT over generate_series), batch by batch, each batch in
 * one transaction. Values are deterministic pseudo-random functions of a row's index and the seed
 * (hashint8extended), and ids are deterministic version-4 UUIDs (the run and the kind, then the index), so the
 * rows of one batch can refer to each other without reading anything back.
 *
 * The shape: one entrepreneur (with an applicant profile) per about three applications; one asset per seven
 * applications, which compete for it in the same week. One of the seven is the asset's candidate and may go all the
 * way to possession; the others end rejected, or are still in scrutiny when recent. Applications are spread over
 * about three years, oldest first, and their status follows their age. Every human number (APP-, INV-, RCP-, ALT-,
 * SR-, MTG-, GRV-) continues from the app's counters for its year, and the counters are moved past the highest number
 * written, in the same transaction, so the app keeps issuing unique numbers. Plain INSERTs: the tables' triggers
 * run as usual (search text, summaries, ledger postings), except the audit chain's row trigger, which each batch
 * replaces with one chained entry that counts what it added (decision 028). */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  APPLICATION_STATUSES,
  DEFAULT_STAGE,
  ESTATE_TERMS,
  FEES,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_CODES,
  processingFeeWithGst,
  ROUTES,
  SERVICE_TARGETS,
  type ApplicationStatus,
} from '@portal/contract';
import { CALENDAR } from '../core/business-calendar';
import { hashPassword } from '../lib/passwords';
import type { Database } from '../db/client';
import { DEMO_PASSWORD } from './seed';

export interface VolumeOptions {
  /** How many applications to add. */
  applications: number;
  /** Changes every pseudo-random choice; the same seed on an empty database gives the same data. */
  seed?: number;
  /** Applications per batch (one transaction each); a multiple of APPLICATIONS_PER_ASSET. */
  batchSize?: number;
  /** The instant the data is generated against (the newest application is about two days older). */
  now?: Date;
  log?: (line: string) => void;
}

export interface VolumeSummary {
  run: number;
  seconds: number;
  rows: Record<string, number>;
}

export const APPLICATIONS_PER_ASSET = 7;
const APPLICATIONS_PER_APPLICANT = 3;
const DEFAULT_BATCH = 7 * 7000;
const SPAN_DAYS = 1090;

/** Where an application is in the workflow; rejected sits at the committee's decision. */
const PROGRESS: Record<ApplicationStatus, number> = {
  draft: 0,
  submitted: 1,
  under_scrutiny: 2,
  pending_committee: 3,
  approved: 4,
  rejected: 4,
  pending_payment: 5,
  payment_verified: 6,
  provisional_allotment: 7,
  lease_submitted: 8,
  final_allotment: 9,
  possession_given: 10,
  under_implementation: 11,
  completed: 12,
  withdrawn: 4,
};

type Weights = [ApplicationStatus, number][];
/** The status of an asset's candidate application by its age in days. */
const CANDIDATE_OLD: Weights = [
  ['completed', 30],
  ['under_implementation', 25],
  ['possession_given', 14],
  ['final_allotment', 10],
  ['lease_submitted', 4],
  ['provisional_allotment', 4],
  ['rejected', 13],
];
const CANDIDATE_MIDDLE: Weights = [
  ['completed', 5],
  ['under_implementation', 10],
  ['possession_given', 14],
  ['final_allotment', 15],
  ['lease_submitted', 12],
  ['provisional_allotment', 15],
  ['payment_verified', 8],
  ['pending_payment', 8],
  ['approved', 5],
  ['rejected', 8],
];
const CANDIDATE_RECENT: Weights = [
  ['provisional_allotment', 10],
  ['payment_verified', 10],
  ['pending_payment', 15],
  ['approved', 10],
  ['pending_committee', 20],
  ['under_scrutiny', 20],
  ['submitted', 15],
];
/** Schemes (decision 018): every tenth asset is offered in a scheme of ten (its plots), first come first served.
 * A scheme's applications take their status from where the scheme stands: taking applications, closed awaiting its
 * result, or decided (its winners on to payment and allotment, the rest not allotted). Draws and auctions are not
 * generated: their order comes from the committed seed's stream and from bids, which this SQL would have to restate. */
const SCHEME_PLOT_EVERY = 10;
const PLOTS_PER_SCHEME = 10;
const SCHEME_WINDOW_DAYS = 30;
const SCHEME_OPEN: Weights = [
  ['draft', 20],
  ['submitted', 50],
  ['under_scrutiny', 30],
];
const SCHEME_CLOSED: Weights = [
  ['submitted', 20],
  ['under_scrutiny', 35],
  ['pending_committee', 25],
  ['approved', 20],
];
const SCHEME_WINNER_RECENT: Weights = [
  ['pending_payment', 25],
  ['payment_verified', 15],
  ['provisional_allotment', 35],
  ['lease_submitted', 25],
];
const SCHEME_WINNER_OLD: Weights = [
  ['final_allotment', 15],
  ['possession_given', 25],
  ['under_implementation', 30],
  ['completed', 30],
];
const SCHEME_NOT_ALLOTTED: Weights = [
  ['rejected', 88],
  ['draft', 12],
];
/** The other applications for the same asset. */
const OTHER_OLD: Weights = [
  ['rejected', 85],
  ['draft', 12],
  ['pending_committee', 3],
];
const OTHER_RECENT: Weights = [
  ['draft', 15],
  ['submitted', 25],
  ['under_scrutiny', 25],
  ['pending_committee', 15],
  ['rejected', 20],
];

const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Anil', 'Anjali', 'Arjun', 'Bhavna', 'Chandra', 'Deepa', 'Dinesh', 'Divya', 'Ganesh', 'Gita',
  'Harish', 'Indira', 'Jagadish', 'Kavitha', 'Kiran', 'Krishna', 'Lalitha', 'Madhav', 'Mahesh', 'Manjula', 'Naveen',
  'Neha', 'Padma', 'Pradeep', 'Priya', 'Rajesh', 'Ramesh', 'Rekha', 'Sandeep', 'Sangeetha', 'Srinivas', 'Sunita',
  'Swathi', 'Uma', 'Venkat', 'Vijay', 'Yamini', 'Zoya',
]; // prettier-ignore
const LAST_NAMES = [
  'Agarwal', 'Bhat', 'Chowdary', 'Das', 'Desai', 'Gupta', 'Iyer', 'Jain', 'Kapoor', 'Khan', 'Kulkarni', 'Mehta',
  'Menon', 'Mishra', 'Naidu', 'Nair', 'Patel', 'Pillai', 'Prasad', 'Rao', 'Reddy', 'Sastry', 'Shah', 'Sharma',
  'Singh', 'Varma', 'Yadav', 'Goud', 'Murthy', 'Chary',
]; // prettier-ignore
const ORGANISATION_WORDS = [
  'Industries', 'Polymers', 'Agro Foods', 'Pharma', 'Engineering Works', 'Textiles', 'Logistics',
  'Precision Components', 'Packaging', 'Electricals', 'Castings', 'Biotech', 'Solar Systems', 'Auto Parts',
]; // prettier-ignore
const ORGANISATION_FORMS = ['Pvt Ltd', 'Private Limited', 'LLP', 'and Co', 'Enterprises'];
const CITIES = ['Hyderabad', 'Secunderabad', 'Warangal', 'Karimnagar', 'Nalgonda', 'Khammam', 'Nizamabad', 'Siddipet'];
const BANKS: [string, string][] = [
  ['State Bank of India', 'SBIN'],
  ['HDFC Bank', 'HDFC'],
  ['ICICI Bank', 'ICIC'],
  ['Canara Bank', 'CNRB'],
  ['Union Bank of India', 'UBIN'],
  ['Axis Bank', 'UTIB'],
];
const CATEGORIES: [string, number][] = [
  ['general', 45],
  ['mse', 20],
  ['bc', 12],
  ['women', 10],
  ['sc', 6],
  ['st', 4],
  ['minority', 3],
];
const ZONES: [string, string[]][] = [
  ['Hyderabad North', ['Patancheru IDA', 'Jeedimetla IDA', 'Bollaram IE', 'Medchal IP']],
  ['Hyderabad South', ['Shamshabad IP', 'Kothur IP', 'Maheshwaram IP']],
  ['Warangal', ['Madikonda IP', 'Kazipet IE', 'Textile Park Sangem']],
  ['Karimnagar', ['Ramagundam IDA', 'Peddapalli IP']],
  ['Nalgonda', ['Choutuppal IP', 'Bhongir IE', 'Miryalaguda IP']],
];
const ASSET_CATEGORIES = ['industrial', 'msme', 'food-processing', 'pharma', 'logistics', 'textile', 'electronics'];
const PROJECTS = [
  'CNC machining unit for automotive components',
  'Precision sheet-metal fabrication',
  'Packaging material unit',
  'Food processing and cold storage',
  'Pharmaceutical formulations plant',
  'Garment manufacturing unit',
  'Solar module assembly line',
  'Plastic moulding and extrusion',
  'Warehousing and logistics hub',
  'Spice grinding and packing',
  'Electrical switchgear assembly',
  'Ready-mix concrete plant',
  'Dairy products unit',
  'Printing and publishing press',
  'Ayurvedic products unit',
  'Steel fabrication and galvanising',
];
const SERVICE_REQUESTS: [string, string][] = [
  ['change_name', 'Change of the firm name after re-registration'],
  ['change_constitution', 'Change of constitution from partnership to private limited company'],
  ['transfer', 'Transfer of the allotted unit to a group company'],
  ['mortgage_noc', 'No-objection certificate to mortgage the unit for a term loan'],
  ['subletting', 'Permission to sublet part of the shed'],
  ['activity_change', 'Change of activity to an allied product line'],
  ['eot', 'Extension of time to complete construction'],
];
const DOCUMENTS: { type: string; file: string; contentType: string; draft: number; submitted: number }[] = [
  { type: 'dpr', file: 'detailed-project-report.pdf', contentType: 'application/pdf', draft: 0.6, submitted: 1 },
  { type: 'pan_card', file: 'pan-card.pdf', contentType: 'application/pdf', draft: 0.5, submitted: 1 },
  { type: 'bank_proof', file: 'bank-statement.pdf', contentType: 'application/pdf', draft: 0.3, submitted: 1 },
  { type: 'gst_certificate', file: 'gst-certificate.jpg', contentType: 'image/jpeg', draft: 0.2, submitted: 0.7 },
  {
    type: 'caste_certificate',
    file: 'caste-certificate.pdf',
    contentType: 'application/pdf',
    draft: 0,
    submitted: 0.1,
  },
  { type: 'other', file: 'partnership-deed.pdf', contentType: 'application/pdf', draft: 0, submitted: 0.15 },
];

/** A SQL string literal. */
function text(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map(text).join(',')}]::text[]`;
}

/** A CASE that picks by cumulative weight from a uniform [0,1) value. */
function weighted(random: string, weights: readonly [string, number][]): string {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let cumulative = 0;
  const arms = weights.slice(0, -1).map(([value, weight]) => {
    cumulative += weight;
    return `WHEN ${random} < ${cumulative / total} THEN ${text(value)}`;
  });
  return `(CASE ${arms.join(' ')} ELSE ${text(weights.at(-1)![0])} END)`;
}

/** Whom each waiting status waits on and its target in working days (the contract's service clocks). */
const WAITING_ON = Object.fromEntries(
  Object.entries(SERVICE_TARGETS).map(([status, target]) => [status, target.waitingOn]),
);
const TARGET_DAYS = Object.fromEntries(
  Object.entries(SERVICE_TARGETS).map(([status, target]) => [status, target.workingDays]),
);

function caseOf(expression: string, map: Record<string, string | number>, fallback = 'NULL'): string {
  const arms = Object.entries(map).map(
    ([key, value]) => `WHEN ${text(key)} THEN ${typeof value === 'number' ? value : text(value)}`,
  );
  return `(CASE ${expression} ${arms.join(' ')} ELSE ${fallback} END)`;
}

function raw(text: string): SQL {
  return sql.raw(text);
}

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function countOf(db: Database, query: string): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, raw(query));
  return Number(row?.n ?? 0);
}

/** `lpad` that never cuts a number longer than the width. */
function padded(expression: string, width: number): string {
  return `lpad((${expression})::text, greatest(${width}, length((${expression})::text)), '0')`;
}

/** The tables the generator writes. */
const GENERATED_TABLES = [
  'users',
  'applicants',
  'assets',
  'applications',
  'documents',
  'invoices',
  'payments',
  'gateway_orders',
  'ledger_entries',
  'allotments',
  'lease_deeds',
  'possessions',
  'allotment_milestones',
  'timeline_events',
  'notifications',
  'meetings',
  'service_requests',
  'grievances',
  'grievance_entries',
  'sms_outbox',
  'schemes',
  'scheme_seeds',
  'scheme_plots',
  'scheme_entries',
  'counters',
];

/** One entry on the audit chain, hashed as the chain's trigger hashes its rows (migration 0006). */
async function appendAuditEntry(tx: Database, changes: Record<string, unknown>): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(7243100611)`);
  await tx.execute(sql`
    INSERT INTO audit_log (seq, at, actor_id, actor_role, request_id, client_address, action, entity, entity_id,
                           changes, prev_hash, hash)
    SELECT e.seq, e.at, NULL, 'system', NULL, NULL, 'insert', 'volume_data', NULL, e.changes, e.prev_hash,
           encode(sha256(convert_to(coalesce(e.prev_hash, '') || audit_row_text(e.seq, e.at, NULL, 'system', NULL,
             NULL, 'insert', 'volume_data', NULL, e.changes), 'UTF8')), 'hex')
    FROM (SELECT coalesce(last.seq, 0) + 1 AS seq, clock_timestamp() AS at, ${JSON.stringify(changes)}::jsonb AS changes,
                 last.hash AS prev_hash
          FROM (SELECT 1) AS one LEFT JOIN (SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1) AS last ON true) AS e`);
}

export async function generateVolumeData(db: Database, options: VolumeOptions): Promise<VolumeSummary> {
  const total = Math.floor(options.applications);
  if (!Number.isFinite(total) || total < 1) throw new Error('applications must be a positive number');
  const seed = Math.floor(options.seed ?? 1);
  const batchSize = Math.max(
    APPLICATIONS_PER_ASSET,
    Math.floor((options.batchSize ?? DEFAULT_BATCH) / APPLICATIONS_PER_ASSET) * APPLICATIONS_PER_ASSET,
  );
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = performance.now();

  // A run number keeps emails, asset codes and ids of a second run apart from the first.
  const run =
    1 +
    (await countOf(
      db,
      String.raw`SELECT coalesce(max(substring(email from '@vol(\d+)\.example\.com$')::int), 0) AS n FROM users WHERE email LIKE '%@vol%.example.com'`,
    ));
  const applicantCount = Math.ceil(total / APPLICATIONS_PER_APPLICANT);
  const assetCount = Math.ceil(total / APPLICATIONS_PER_ASSET);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // The demo officers act in the generated history when they exist (SEED_DEMO=false leaves them out).
  const officers = await rowsOf<{ role: string; id: string; full_name: string }>(
    db,
    sql`SELECT DISTINCT ON (role) role, id, full_name FROM users WHERE role <> 'entrepreneur' AND is_active ORDER BY role, created_at`,
  );
  const officer = (role: string) => {
    const found = officers.find((row) => row.role === role);
    return {
      id: found ? `${text(found.id)}::uuid` : 'NULL::uuid',
      name: text(found?.full_name ?? 'SYSTEM'),
      role: text(found ? role : 'SYSTEM'),
    };
  };
  const zonal = officer('zonal_manager');
  const committee = officer('committee');
  const ho = officer('ho');
  const legal = officer('legal');

  // --- expressions ---------------------------------------------------------------------------------------------
  const nowSql = `${text(now.toISOString())}::timestamptz`;
  const latest = `(${nowSql} - interval '1 hour')`;
  /** Uniform [0,1) from an integer and a salt. */
  const rnd = (expression: string, salt: number) =>
    `((hashint8extended((${expression})::int8, ${seed * 1000 + salt}::int8) & 2147483647)::float8 / 2147483648.0)`;
  const pickFrom = (values: readonly string[], expression: string, salt: number) =>
    `(${textArray(values)})[1 + floor(${rnd(expression, salt)} * ${values.length})::int]`;
  /** A deterministic version-4 UUID for the kind and index of this run. */
  // Twelve hex digits from the run and the kind, then the index in hex, so that the ids of one kind ascend with their
  // index: each batch appends to the end of the primary keys and of the indexes on the references instead of
  // landing on random pages of them, which at a million rows decides whether they stay in memory.
  const uuidInline = (kind: string, expression: string) => {
    const prefix = createHash('md5').update(`vol${run}:${kind}`).digest('hex').slice(0, 12);
    return `(${text(`${prefix}4`)} || substr(lpad(to_hex((${expression})::int8), 18, '0'), 1, 3) || '8' || substr(lpad(to_hex((${expression})::int8), 18, '0'), 4))::uuid`;
  };
  const firstName = (k: string) => pickFrom(FIRST_NAMES, k, 1);
  const lastName = (k: string) => pickFrom(LAST_NAMES, k, 2);
  const fullName = (k: string) => `(${firstName(k)} || ' ' || ${lastName(k)})`;
  const statusCase = (random: string, weights: Weights) => weighted(random, weights);
  const progressOf = (status: string) => caseOf(`${status}::text`, PROGRESS, '0');
  /** When an application reached a milestone of progress `pm`, between submission and its current status. */
  const milestone = (pm: number) =>
    `(v.submitted_at + (v.updated_at - v.submitted_at) * (${pm - 1}::float8 / greatest(v.p - 1, 1)))`;
  /** The business day (the calendar's time zone) an instant falls on, as due dates and allotment dates are read. */
  const dayOf = (timestamp: string) => `((${timestamp}) AT TIME ZONE ${text(CALENDAR.timeZone)})::date`;
  const yearOf = (timestamp: string) =>
    `extract(year FROM (${timestamp}) AT TIME ZONE ${text(CALENDAR.timeZone)})::int`;

  // A scheme's window, from its number (s = j / 100): it closes a week after the newest of its applications could
  // have been submitted (the applications' age formula below, at the scheme's last index), and opens thirty days
  // before, or before its first application when a small data set spreads one scheme's applications wider.
  const schemeSpan = PLOTS_PER_SCHEME * SCHEME_PLOT_EVERY;
  // The first plots cover every status for the tests (forced below), so they are never a scheme's. A scheme needs the
  // head office as its maker: without the demo officers there are none.
  const firstSchemePlot = Math.ceil(APPLICATION_STATUSES.length / SCHEME_PLOT_EVERY) * SCHEME_PLOT_EVERY;
  const isSchemePlot = (j: string) =>
    ho.role === text('SYSTEM') ? 'false' : `((${j}) % ${SCHEME_PLOT_EVERY} = 0 AND (${j}) >= ${firstSchemePlot})`;
  const ageAtIndex = (i: string) => `((${total} - (${i}))::float8 / ${total} * ${SPAN_DAYS} + 2)`;
  const schemeClosesAt = (s: string) =>
    `(${nowSql} - interval '1 day' * (${ageAtIndex(`${APPLICATIONS_PER_ASSET} * ${schemeSpan} * ((${s}) + 1)`)} - 7))`;
  const schemeOpensAt = (s: string) =>
    `least(${schemeClosesAt(s)} - interval '${SCHEME_WINDOW_DAYS} days', ${nowSql} - interval '1 day' * (${ageAtIndex(`${APPLICATIONS_PER_ASSET} * ${schemeSpan} * (${s}) + 1`)} + 4))`;
  /** open (taking applications), closed (awaiting its result) or decided (thirty days after its close). */
  const schemePhase = (s: string) =>
    `(CASE WHEN ${schemeClosesAt(s)} > ${latest} THEN 'open'
           WHEN ${schemeClosesAt(s)} > ${nowSql} - interval '30 days' THEN 'closed' ELSE 'decided' END)`;

  /** Moves a counter past the numbers written: value = the highest per year. */
  const bumpCounters = (name: string, source: string) =>
    `INSERT INTO counters (name, year, value) SELECT ${text(name)}, yr, max(n) FROM ${source} GROUP BY yr
     ON CONFLICT (name, year) DO UPDATE SET value = greatest(counters.value, excluded.value)`;
  /** Numbers rows of `source` per year, continuing from the counter. */
  const numbered = (name: string, source: string, yearExpression: string, order: string) =>
    `SELECT s.*, coalesce(c.value, 0) + row_number() OVER (PARTITION BY s.yr ORDER BY ${order}) AS n
     FROM (SELECT src.*, ${yearExpression} AS yr FROM ${source} AS src) AS s
     LEFT JOIN counters c ON c.name = ${text(name)} AND c.year = s.yr`;

  const counts: Record<string, number> = {};
  const add = (table: string, n: number) => {
    counts[table] = (counts[table] ?? 0) + n;
  };
  const execute = async (tx: Database, table: string | null, statement: string) => {
    const result = (await tx.execute(raw(statement))) as unknown as {
      rows?: { inserted?: number | string }[];
      rowCount?: number;
      affectedRows?: number;
    };
    // Statements that also move a counter end with SELECT count(*) AS inserted; plain INSERTs report their rows.
    const inserted = result.rows?.[0]?.inserted;
    if (table) add(table, Number(inserted ?? result.rowCount ?? result.affectedRows ?? 0));
  };

  // The audit chain's row trigger (migration 0006) writes and hashes one audit row per row written, one after
  // another under one lock: at a million applications that is some fifteen million chained rows, most of the time
  // of a run. Each batch instead turns it off on the tables it writes for its own transaction (the change is
  // transactional, and other writers wait on the table's lock, so none of theirs goes unrecorded) and appends one
  // entry to the chain that names the batch and counts its rows per table (decision 028).
  const auditedTables = (
    await rowsOf<{ table: string }>(
      db,
      sql`SELECT DISTINCT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
          WHERE t.tgname = 'audit_row' AND NOT t.tgisinternal ORDER BY 1`,
    )
  )
    .map((row) => row.table)
    .filter((table) => GENERATED_TABLES.includes(table));
  // Likewise the ledger's posting triggers (migration 0013), which write one ledger row per invoice and payment a
  // row at a time: each batch posts the same entries itself, set-based (postLedger below).
  const replacedTriggers = [
    ...auditedTables.map((table) => [table, 'audit_row'] as const),
    ['invoices', 'ledger_post_invoice'] as const,
    ['payments', 'ledger_post_payment'] as const,
  ];
  const inBatch = async (label: string, write: (tx: Database) => Promise<void>) => {
    const before = { ...counts };
    await db.transaction(async (tx) => {
      for (const [table, trigger] of replacedTriggers) {
        await tx.execute(raw(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`));
      }
      await write(tx);
      for (const [table, trigger] of replacedTriggers) {
        await tx.execute(raw(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`));
      }
      const rows = Object.fromEntries(
        Object.entries(counts)
          .map(([table, n]) => [table, n - (before[table] ?? 0)] as const)
          .filter(([, n]) => n > 0),
      );
      await appendAuditEntry(tx, { run, batch: label, rows });
    });
  };

  log(
    `Generating ${total.toLocaleString('en-IN')} applications (run ${run}, seed ${seed}): ` +
      `${applicantCount.toLocaleString('en-IN')} entrepreneurs, ${assetCount.toLocaleString('en-IN')} assets, ` +
      `batches of ${batchSize.toLocaleString('en-IN')}`,
  );

  // Half the entrepreneurs verified a mobile: 91 and ten digits from 7, apart per run (the demo's start with 9).
  const hasMobile = (k: string) => `((${k}) % 2 = 0)`;
  const mobileOf = (k: string) => `('91' || (7000000000 + ${run} * 10000000 + (${k}))::text)`;

  // --- entrepreneurs and their profiles --------------------------------------------------------------------------
  const userBatch = 50_000;
  for (let lo = 1; lo <= applicantCount; lo += userBatch) {
    const hi = Math.min(applicantCount, lo + userBatch - 1);
    const registered = (k: string) => `(${nowSql} - interval '1 day' * (${SPAN_DAYS + 10} + ${rnd(k, 4)} * 60))`;
    await inBatch(`entrepreneurs ${lo}-${hi}`, async (tx) => {
      add('users', hi - lo + 1);
      await tx.execute(sql`
        INSERT INTO users (id, email, password_hash, full_name, role, is_active, created_at, mobile, mobile_verified_at)
        SELECT ${raw(uuidInline('user', 'k'))},
               ${raw(`lower(${firstName('k')} || '.' || ${lastName('k')}) || k || ${text(`@vol${run}.example.com`)}`)},
               ${passwordHash},
               ${raw(`${fullName('k')}, 'entrepreneur', ${rnd('k', 3)} > 0.01, ${registered('k')}`)},
               ${raw(`CASE WHEN ${hasMobile('k')} THEN ${mobileOf('k')} END`)},
               ${raw(`CASE WHEN ${hasMobile('k')} THEN ${registered('k')} + interval '1 day' END`)}
        FROM ${raw(`generate_series(${lo}, ${hi})`)} AS k`);
      const bank = (k: string) => `(1 + floor(${rnd(k, 12)} * ${BANKS.length})::int)`;
      const letter = (salt: number) => `chr(65 + floor(${rnd('k', salt)} * 26)::int)`;
      const pan = `(${letter(20)} || ${letter(21)} || ${letter(22)} || 'C' || upper(substr(${lastName('k')}, 1, 1)) || lpad((floor(${rnd('k', 23)} * 10000))::int::text, 4, '0') || ${letter(24)})`;
      await execute(
        tx,
        'applicants',
        `INSERT INTO applicants (id, user_id, organization_name, pan_number, gst_number, category, address, city, state,
                                 pincode, bank_name, bank_account, bank_ifsc, sdp_reference, kyc_verified, created_at, updated_at)
         SELECT ${uuidInline('applicant', 'k')}, ${uuidInline('user', 'k')},
                ${lastName('k')} || ' ' || ${pickFrom(ORGANISATION_WORDS, 'k', 10)} || ' ' || ${pickFrom(ORGANISATION_FORMS, 'k', 11)},
                pan,
                CASE WHEN ${rnd('k', 25)} < 0.9 THEN '36' || pan || '1Z' || (floor(${rnd('k', 26)} * 10))::int END,
                ${weighted(rnd('k', 13), CATEGORIES)}::applicant_category,
                'Plot ' || (1 + floor(${rnd('k', 14)} * 400))::int || ', ' || ${pickFrom(['Industrial Estate Road', 'Main Road', 'Phase II', 'Sector 4', 'Ring Road', 'Auto Nagar'], 'k', 15)},
                ${pickFrom(CITIES, 'k', 16)}, 'Telangana', '50' || lpad((floor(${rnd('k', 17)} * 9000))::int::text, 4, '0'),
                (${textArray(BANKS.map(([name]) => name))})[${bank('k')}],
                (10000000000 + floor(${rnd('k', 18)} * 89999999999))::int8::text,
                (${textArray(BANKS.map(([, code]) => code))})[${bank('k')}] || '000' || lpad((floor(${rnd('k', 19)} * 10000))::int::text, 4, '0'),
                CASE WHEN ${rnd('k', 27)} < 0.2 THEN 'SDP-' || (100000 + k) END,
                ${rnd('k', 28)} < 0.8,
                ${registered('k')}, ${registered('k')}
         FROM (SELECT k, ${pan} AS pan FROM generate_series(${lo}, ${hi}) AS k) AS g`,
      );
    });
    log(`  entrepreneurs ${hi.toLocaleString('en-IN')} / ${applicantCount.toLocaleString('en-IN')}`);
  }

  // --- applications and everything that hangs off them, one batch at a time -----------------------------------
  const locations = ZONES.flatMap(([zone, places]) => places.map((place) => [zone, place] as const));
  for (let lo = 1; lo <= total; lo += batchSize) {
    const hi = Math.min(total, lo + batchSize - 1);
    const batchStarted = performance.now();
    await inBatch(`applications ${lo}-${hi}`, async (tx) => {
      const age = `((${total} - i)::float8 / ${total} * ${SPAN_DAYS} + 2 + ${rnd('i', 30)} * least(1.0, ${SPAN_DAYS}.0 / ${total}))`;
      const forced = `(${textArray(APPLICATION_STATUSES)})[j + 1]`;
      const status = `(CASE
          WHEN candidate AND j < ${APPLICATION_STATUSES.length} THEN ${forced}
          WHEN in_scheme AND scheme_phase = 'open' THEN ${statusCase('r1', SCHEME_OPEN)}
          WHEN in_scheme AND scheme_phase = 'closed' THEN ${statusCase('r1', SCHEME_CLOSED)}
          WHEN in_scheme AND candidate AND scheme_recent THEN ${statusCase('r1', SCHEME_WINNER_RECENT)}
          WHEN in_scheme AND candidate THEN ${statusCase('r1', SCHEME_WINNER_OLD)}
          WHEN in_scheme THEN ${statusCase('r1', SCHEME_NOT_ALLOTTED)}
          WHEN candidate AND age > 540 THEN ${statusCase('r1', CANDIDATE_OLD)}
          WHEN candidate AND age > 180 THEN ${statusCase('r1', CANDIDATE_MIDDLE)}
          WHEN candidate THEN ${statusCase('r1', CANDIDATE_RECENT)}
          WHEN age > 180 THEN ${statusCase('r1', OTHER_OLD)}
          ELSE ${statusCase('r1', OTHER_RECENT)} END)::application_status`;
      await tx.execute(
        raw(`
        CREATE TEMP TABLE vol_app ON COMMIT DROP AS
        WITH base AS (
          SELECT i, (i - 1) / ${APPLICATIONS_PER_ASSET} AS j, (i - 1) % ${APPLICATIONS_PER_ASSET} AS slot,
                 least(${APPLICATIONS_PER_ASSET}, ${total} - ((i - 1) / ${APPLICATIONS_PER_ASSET}) * ${APPLICATIONS_PER_ASSET}) AS group_size,
                 ${age} AS age, ${rnd('i', 31)} AS r1, ${rnd('i', 32)} AS r2, ${rnd('i', 33)} AS r3,
                 1 + floor(${rnd('i', 34)} * ${applicantCount})::int AS k
          FROM generate_series(${lo}::int, ${hi}::int) AS i
        ), chosen AS (
          SELECT base.*, (hashint8extended(j::int8, ${seed * 1000 + 35}::int8) & 2147483647) % group_size = slot AS candidate,
                 ${isSchemePlot('j')} AS in_scheme, ${schemePhase(`j / ${schemeSpan}`)} AS scheme_phase,
                 ${schemeClosesAt(`j / ${schemeSpan}`)} > ${nowSql} - interval '180 days' AS scheme_recent
          FROM base
        ), statused AS (
          SELECT chosen.*, ${status} AS status FROM chosen
        ), dated AS (
          SELECT statused.*, ${progressOf('status')} AS p, ${nowSql} - interval '1 day' * age AS created_at FROM statused
        ), submitted AS (
          SELECT dated.*, CASE WHEN p >= 1 THEN least(${latest}, created_at + interval '1 day' * (1 + r2 * 5)) END AS submitted_at
          FROM dated
        )
        SELECT i, j, k, candidate, status, p, r1, r2, r3, created_at, submitted_at, in_scheme, scheme_phase,
               CASE WHEN in_scheme THEN ${uuidInline('scheme', `j / ${schemeSpan}`)} END AS scheme_id,
               CASE WHEN p >= 2 THEN least(${latest}, submitted_at + interval '1 day' * (p - 1) * (8 + r3 * 16))
                    ELSE coalesce(submitted_at, created_at) END AS updated_at,
               ${uuidInline('app', 'i')} AS id, ${uuidInline('applicant', 'k')} AS applicant_id,
               ${uuidInline('user', 'k')} AS user_id, ${fullName('k')} AS user_name, ${uuidInline('asset', 'j')} AS asset_id
        FROM submitted`),
      );
      // Human numbers, in order of creation within each year.
      await tx.execute(
        raw(`
        CREATE TEMP TABLE vol_app_numbered ON COMMIT DROP AS
        ${numbered('application', 'vol_app', yearOf('src.created_at'), 's.i')}`),
      );

      // The assets these applications compete for, with the status their candidate's progress implies.
      const jLo = Math.floor((lo - 1) / APPLICATIONS_PER_ASSET);
      const jHi = Math.floor((hi - 1) / APPLICATIONS_PER_ASSET);
      const type = pickFrom(['land', 'plot', 'shed', 'building'], 'j', 40);
      const location = `(1 + floor(${rnd('j', 41)} * ${locations.length})::int)`;
      await execute(
        tx,
        'assets',
        `INSERT INTO assets (id, asset_code, category_id, type, zone, location, survey_number, plot_number, total_area,
                             available_area, unit, valuation, status, created_at)
         SELECT ${uuidInline('asset', 'g.j')},
                'V' || ${run} || '-' || upper(substr(zone, 1, 3)) || '-' || upper(substr(type, 1, 2)) || '-' || ${padded('g.j + 1', 6)},
                ${pickFrom(ASSET_CATEGORIES, 'g.j', 42)}, type::asset_type, zone, place,
                (100 + (g.j * 7) % 900) || '/' || (1 + g.j % 4),
                CASE WHEN type = 'land' THEN NULL ELSE 'P-' || (g.j + 1) END,
                -- Reserved or allotted, an asset has no area left to offer (as the API stores it).
                area, CASE WHEN w.p >= 7 OR ${isSchemePlot('g.j')} THEN 0 ELSE area END,
                (CASE type WHEN 'land' THEN 'acres' WHEN 'plot' THEN 'sqm' ELSE 'sqft' END)::asset_unit,
                round(area * unit_price / 1000) * 1000,
                -- A scheme's plot is held for it from the start.
                (CASE WHEN w.p >= 9 THEN 'allotted' WHEN w.p >= 7 OR ${isSchemePlot('g.j')} THEN 'reserved'
                      WHEN ${rnd('g.j', 43)} < 0.03 THEN 'other' ELSE 'available' END)::asset_status,
                ${nowSql} - interval '1 day' * ((${total} - g.j * ${APPLICATIONS_PER_ASSET} - 1)::float8 / ${total} * ${SPAN_DAYS} + 30 + ${rnd('g.j', 44)} * 90)
         FROM (
           SELECT j, t AS type, (${textArray(locations.map(([zone]) => zone))})[loc] AS zone,
                  (${textArray(locations.map(([, place]) => place))})[loc] AS place,
                  round((CASE t WHEN 'land' THEN 2 + ${rnd('j', 45)} * 18 WHEN 'plot' THEN 500 + ${rnd('j', 45)} * 4500
                                WHEN 'shed' THEN 2000 + ${rnd('j', 45)} * 18000 ELSE 5000 + ${rnd('j', 45)} * 45000 END)::numeric, 2) AS area,
                  CASE t WHEN 'land' THEN 3000000 + ${rnd('j', 46)} * 5000000 WHEN 'plot' THEN 3000 + ${rnd('j', 46)} * 5000
                         WHEN 'shed' THEN 1500 + ${rnd('j', 46)} * 1500 ELSE 2500 + ${rnd('j', 46)} * 2500 END AS unit_price
           FROM (SELECT j, ${type} AS t, ${location} AS loc FROM generate_series(${jLo}::int, ${jHi}::int) AS j) AS x
         ) AS g
         LEFT JOIN (SELECT j, p FROM vol_app WHERE candidate) AS w ON w.j = g.j`,
      );

      // The schemes whose first plot is in this batch (a scheme's later plots may come in the next), and their seeds.
      const sLo = Math.floor(jLo / schemeSpan);
      const sHi = Math.floor(jHi / schemeSpan);
      await execute(
        tx,
        'schemes',
        `WITH src AS (${numbered(
          'scheme',
          `(SELECT s, ${schemeOpensAt('s')} AS opens_at, ${schemeClosesAt('s')} AS closes_at, ${schemePhase('s')} AS phase,
                   md5(${text(`vol${run}:seed:`)} || s) || md5(${text(`vol${run}:seed2:`)} || s) AS seed
            FROM generate_series(${sLo}::int, ${sHi}::int) AS s
            WHERE ${isSchemePlot(`greatest(s * ${schemeSpan}, ${firstSchemePlot})`)}
              AND greatest(s * ${schemeSpan}, ${firstSchemePlot}) BETWEEN ${jLo} AND ${jHi})`,
          yearOf('src.opens_at'),
          's.opens_at, s.s',
        )}),
         named AS (
           SELECT src.*, 'SCH-' || yr || '-' || ${padded('n', 6)} AS number,
                  'Plots offered in ' || to_char(opens_at AT TIME ZONE ${text(CALENDAR.timeZone)}, 'FMMonth YYYY')
                    || ': first come, first served' AS title
           FROM src
         ),
         ins AS (
           INSERT INTO schemes (id, scheme_number, title, mode, status, opens_at, closes_at, commitment, revealed_seed,
                                created_by, created_at, closed_at, decided_at, decided_by, search_text)
           SELECT ${uuidInline('scheme', 's')}, number, title, 'first_come', phase::scheme_status, opens_at, closes_at,
                  encode(sha256(decode(seed, 'hex')), 'hex'), CASE WHEN phase = 'decided' THEN seed END,
                  ${ho.id}, opens_at - interval '1 day', CASE WHEN phase <> 'open' THEN closes_at END,
                  CASE WHEN phase = 'decided' THEN closes_at + interval '7 days' END,
                  CASE WHEN phase = 'decided' THEN ${ho.id} END, lower(number || ' ' || title)
           FROM named ORDER BY s
           RETURNING 1
         ),
         seeds AS (INSERT INTO scheme_seeds (scheme_id, seed) SELECT ${uuidInline('scheme', 's')}, seed FROM src),
         bump AS (${bumpCounters('scheme', 'src')})
         SELECT count(*) AS inserted FROM ins`,
      );

      await execute(
        tx,
        'applications',
        `WITH ins AS (
           INSERT INTO applications (id, application_number, applicant_id, asset_id, application_type, status, current_stage,
                                     stage_code, stage_params, estimated_investment, employment_generation, project_description, assigned_to,
                                     created_at, submitted_at, updated_at, waiting_on, stage_entered_at, stage_due_on,
                                     scheme_id)
           SELECT id, 'APP-' || yr || '-' || ${padded('n', 6)}, applicant_id, asset_id,
                  (CASE WHEN ${rnd('i', 50)} < 0.1 THEN 'expansion_reservation' ELSE 'new' END)::application_type,
                  status, ${caseOf('status::text', DEFAULT_STAGE)},
                  'status', jsonb_build_object('status', status::text),
                  round((5000000 + ${rnd('i', 51)} * 495000000) / 100000) * 100000,
                  (5 + floor(${rnd('i', 52)} * 295))::int,
                  ${pickFrom(PROJECTS, 'i', 53)},
                  CASE WHEN p >= 2 THEN ${zonal.id} END,
                  created_at, submitted_at, updated_at,
                  -- Approved in a scheme, the scheme's result moves it on: nobody is waited on.
                  CASE WHEN NOT (in_scheme AND status = 'approved') THEN ${caseOf('status::text', WAITING_ON)}::role END,
                  updated_at,
                  -- The due day of the stage's clock: its working days as calendar weeks (generated data only).
                  CASE WHEN NOT (in_scheme AND status = 'approved')
                       THEN (updated_at AT TIME ZONE ${text(CALENDAR.timeZone)})::date
                            + ceil(${caseOf('status::text', TARGET_DAYS)}::numeric * 7 / 5)::int END,
                  scheme_id
           FROM vol_app_numbered ORDER BY i
           RETURNING 1
         ), bump AS (${bumpCounters('application', 'vol_app_numbered')})
         SELECT count(*) AS inserted FROM ins`,
      );

      // The SMS of each submission to an entrepreneur with a verified mobile, as the portal sends it in English: most
      // delivered within seconds, a few undelivered by the network or failed at the provider.
      await execute(
        tx,
        'sms_outbox',
        `INSERT INTO sms_outbox (id, user_id, to_mobile, template, language, params, dedupe_key, status, attempts,
                                 next_attempt_at, last_error, segments, unicode, provider_message_id, delivery_cause,
                                 created_at, sent_at, delivered_at)
         SELECT ${uuidInline('sms', 'i')}, user_id, ${mobileOf('k')}, 'application_submitted', 'en',
                jsonb_build_object('application_number', 'APP-' || yr || '-' || ${padded('n', 6)}),
                ${text(`vol${run}:submitted:`)} || i, outcome, 1, submitted_at,
                CASE WHEN outcome = 'failed' THEN 'HTTP 503: provider unavailable' END, 1, false,
                CASE WHEN outcome <> 'failed' THEN ${text(`vol${run}-`)} || i END,
                CASE WHEN outcome = 'undelivered' THEN 'ABSENT_SUBSCRIBER' END,
                submitted_at, CASE WHEN outcome <> 'failed' THEN submitted_at + interval '5 seconds' END,
                CASE WHEN outcome = 'delivered' THEN submitted_at + interval '15 seconds' END
         FROM (SELECT v.*, ${weighted(rnd('v.i', 120), [
           ['delivered', 95],
           ['undelivered', 3],
           ['failed', 2],
         ])} AS outcome FROM vol_app_numbered v WHERE v.submitted_at IS NOT NULL AND ${hasMobile('v.k')}) AS v
         ORDER BY i`,
      );

      // The schemes' plots in this batch (the winner recorded once paid and allotted), and the entries of the
      // applications of schemes that have closed: qualified unless not allotted for want of it, in the order they came
      // (a scheme's list continues from its entries of an earlier batch), each plot's winner first.
      await execute(
        tx,
        'scheme_plots',
        `INSERT INTO scheme_plots (id, scheme_id, asset_id, position, winner_application_id, winning_amount)
         SELECT ${uuidInline('scheme-plot', 'g.j')}, ${uuidInline('scheme', `g.j / ${schemeSpan}`)}, a.id,
                (g.j % ${schemeSpan}) / ${SCHEME_PLOT_EVERY} + 1,
                CASE WHEN w.p >= 7 AND w.scheme_phase = 'decided' THEN w.id END,
                CASE WHEN w.p >= 7 AND w.scheme_phase = 'decided' THEN a.valuation END
         FROM generate_series(${jLo}::int, ${jHi}::int) AS g(j)
         JOIN assets a ON a.id = ${uuidInline('asset', 'g.j')}
         LEFT JOIN vol_app w ON w.j = g.j AND w.candidate
         WHERE ${isSchemePlot('g.j')}
         ORDER BY g.j`,
      );
      await execute(
        tx,
        'scheme_entries',
        `INSERT INTO scheme_entries (application_id, scheme_id, scheme_plot_id, category, qualified, list_position, rank,
                                     outcome, amount, decided_at)
         SELECT e.id, e.scheme_id, e.plot_id, e.category, e.qualified,
                CASE WHEN e.qualified THEN e.listed + (SELECT count(*) FROM scheme_entries x
                                                       WHERE x.scheme_id = e.scheme_id AND x.qualified) END,
                CASE WHEN e.qualified THEN row_number() OVER (PARTITION BY e.plot_id, e.qualified
                                                              ORDER BY e.won DESC, e.submitted_at, e.i) END,
                (CASE WHEN NOT e.qualified THEN 'not_qualified' WHEN e.scheme_phase <> 'decided' THEN NULL
                      WHEN e.won THEN 'won' ELSE 'lost' END)::scheme_outcome,
                CASE WHEN e.won THEN a.valuation END,
                CASE WHEN e.scheme_phase = 'decided' THEN ${schemeClosesAt(`e.j / ${schemeSpan}`)} + interval '7 days' END
         FROM (
           SELECT q.*, row_number() OVER (PARTITION BY q.scheme_id, q.qualified ORDER BY q.submitted_at, q.i) AS listed
           FROM (
             SELECT v.i, v.j, v.id, v.scheme_id, v.scheme_phase, v.submitted_at, c.category,
                    ${uuidInline('scheme-plot', 'v.j')} AS plot_id,
                    v.status <> 'rejected' OR ${rnd('v.i', 90)} < 0.7 AS qualified,
                    v.candidate AND v.scheme_phase = 'decided' AS won
             FROM vol_app v JOIN applicants c ON c.id = v.applicant_id
             WHERE v.in_scheme AND v.scheme_phase <> 'open' AND v.p >= 1
           ) q
         ) e
         JOIN assets a ON a.id = ${uuidInline('asset', 'e.j')}
         ORDER BY e.i`,
      );

      const documentRows = DOCUMENTS.map(
        (d, index) =>
          `(${index + 1}, ${text(d.type)}, ${text(d.file)}, ${text(d.contentType)}, ${d.draft}::float8, ${d.submitted}::float8)`,
      ).join(', ');
      await execute(
        tx,
        'documents',
        `INSERT INTO documents (id, application_id, document_type, file_name, storage_key, file_size, content_type,
                                uploaded_at, verified, verification_status, verified_by, verified_at)
         SELECT ${uuidInline('document', 'v.i * 8 + d.n')}, v.id, d.type::document_type, d.file,
                md5(${text(`vol${run}:file:`)} || (v.i * 8 + d.n)), (40000 + ${rnd('v.i * 8 + d.n', 60)} * 4000000)::int,
                d.content_type,
                v.created_at + (coalesce(v.submitted_at, v.created_at + interval '2 days') - v.created_at) * ${rnd('v.i * 8 + d.n', 61)},
                x.verdict = 'verified', x.verdict::document_status,
                CASE WHEN x.verdict <> 'pending' THEN ${zonal.id} END,
                CASE WHEN x.verdict <> 'pending' THEN ${milestone(2)} END
         FROM vol_app v
         CROSS JOIN (VALUES ${documentRows}) AS d(n, type, file, content_type, draft, submitted)
         CROSS JOIN LATERAL (SELECT CASE WHEN v.p < 2 THEN 'pending'
                                         WHEN ${rnd('v.i * 8 + d.n', 62)} < 0.04 THEN 'rejected'
                                         ELSE 'verified' END AS verdict) AS x
         WHERE ${rnd('v.i * 8 + d.n', 63)} < CASE WHEN v.p = 0 THEN d.draft ELSE d.submitted END
         ORDER BY v.i, d.n`,
      );

      // Invoices: the processing fee and EMD on submit, the premium instalment on entering pending payment; all of
      // them paid once payment is verified, the submit ones usually paid during scrutiny.
      await tx.execute(
        raw(`
        CREATE TEMP TABLE vol_invoice ON COMMIT DROP AS
        SELECT ${uuidInline('invoice', 'v.i * 4 + t.n')} AS id, v.i, t.n AS kind, v.id AS application_id, v.user_id,
               t.type::invoice_type AS type,
               round((CASE t.n WHEN 1 THEN ${processingFeeWithGst()} WHEN 2 THEN a.valuation * ${FEES.emdRateOfValuation}
                                ELSE a.valuation * ${FEES.premiumInstalmentRateOfValuation} END)::numeric, 2) AS amount,
               g.generated_at,
               CASE WHEN t.n = 3 AND v.p >= 6 THEN g.generated_at + (${milestone(6)} - g.generated_at) * ${rnd('v.i * 4 + t.n', 70)}
                    WHEN t.n < 3 AND v.p >= 2 AND (v.p >= 6 OR ${rnd('v.i * 4 + t.n', 71)} < CASE t.n WHEN 1 THEN 0.9 ELSE 0.8 END)
                      THEN v.submitted_at + (${milestone(2)} - v.submitted_at) * ${rnd('v.i * 4 + t.n', 70)}
                    WHEN t.n < 3 AND v.p = 1 AND ${rnd('v.i * 4 + t.n', 71)} < CASE t.n WHEN 1 THEN 0.4 ELSE 0.3 END
                      THEN least(${latest}, v.submitted_at + interval '3 days' * ${rnd('v.i * 4 + t.n', 70)})
               END AS paid_at
        FROM vol_app v
        JOIN assets a ON a.id = v.asset_id
        CROSS JOIN (VALUES (1, 'processing_fee'), (2, 'emd'), (3, 'premium_instalment')) AS t(n, type)
        CROSS JOIN LATERAL (SELECT CASE WHEN t.n = 3 THEN ${milestone(5)} ELSE v.submitted_at END AS generated_at) AS g
        WHERE v.p >= 1 AND (t.n < 3 OR (v.p >= 5 AND v.status <> 'rejected'))`),
      );
      await execute(
        tx,
        'invoices',
        `WITH src AS (${numbered('invoice', 'vol_invoice', yearOf('src.generated_at'), 's.generated_at, s.i, s.kind')}),
         ins AS (
           INSERT INTO invoices (id, invoice_number, application_id, invoice_type, amount, due_date, status, generated_at, paid_at)
           SELECT id, 'INV-' || yr || '-' || ${padded('n', 6)}, application_id, type, amount,
                  (${dayOf('generated_at')} + ${FEES.invoiceDueDays}),
                  (CASE WHEN paid_at IS NULL THEN 'pending' ELSE 'paid' END)::invoice_status, generated_at, paid_at
           FROM src ORDER BY i, kind
           RETURNING 1
         ), bump AS (${bumpCounters('invoice', 'src')})
         SELECT count(*) AS inserted FROM ins`,
      );
      const paymentsBefore = counts.payments ?? 0;
      await execute(
        tx,
        'payments',
        `WITH src AS (${numbered('receipt', '(SELECT * FROM vol_invoice WHERE paid_at IS NOT NULL)', yearOf('src.paid_at'), 's.paid_at, s.i, s.kind')}),
         orders AS (
           INSERT INTO gateway_orders (id, invoice_id, application_id, user_id, gateway, test_mode, gateway_order_id,
                                       amount, status, gateway_payment_id, settled_via, payment_id, created_at, settled_at)
           SELECT ${uuidInline('gateway-order', 'i * 4 + kind')}, id, application_id, user_id, 'razorpay', true,
                  'order_' || substr(md5('order' || id::text), 1, 14), amount, 'paid',
                  'pay_' || substr(md5('pay' || id::text), 1, 14),
                  (CASE WHEN ${rnd('i * 4 + kind', 80)} < 0.7 THEN 'redirect'
                        WHEN ${rnd('i * 4 + kind', 80)} < 0.95 THEN 'webhook' ELSE 'requery' END)::gateway_settled_via,
                  ${uuidInline('payment', 'i * 4 + kind')},
                  paid_at - interval '1 minute' * (1 + 9 * ${rnd('i * 4 + kind', 81)}), paid_at
           FROM src
           ORDER BY i, kind
           RETURNING 1
         ),
         ins AS (
           INSERT INTO payments (id, receipt_number, application_id, invoice_id, amount, payment_date, payment_method,
                                 transaction_reference, status, paid_by, gateway_order_id)
           SELECT ${uuidInline('payment', 'i * 4 + kind')}, 'RCP-' || yr || '-' || ${padded('n', 6)}, application_id, id, amount,
                  paid_at, 'online', 'TXN' || upper(substr(md5(id::text), 1, 12)), 'success', user_id,
                  ${uuidInline('gateway-order', 'i * 4 + kind')}
           FROM src
           ORDER BY i, kind
           RETURNING 1
         ), bump AS (${bumpCounters('receipt', 'src')})
         SELECT count(*) AS inserted FROM ins`,
      );

      // The gateway orders behind them: each payment's (written in the payments' statement, since each refers to the
      // other, one order per payment), and an attempt that failed before it for about one payment in ten, or failed on
      // an invoice still unpaid.
      add('gateway_orders', (counts.payments ?? 0) - paymentsBefore);
      await execute(
        tx,
        'gateway_orders',
        `INSERT INTO gateway_orders (id, invoice_id, application_id, user_id, gateway, test_mode, gateway_order_id, amount,
                                     status, created_at, last_checked_at, checks)
         SELECT ${uuidInline('gateway-order-failed', 'i * 4 + kind')}, id, application_id, user_id, 'razorpay', true,
                'order_' || substr(md5('failed' || id::text), 1, 14), amount, 'failed', at, at + interval '15 minutes', 1
         FROM (SELECT v.*, coalesce(v.paid_at - interval '1 day', v.generated_at + interval '2 days') AS at
               FROM vol_invoice v
               WHERE ${rnd('v.i * 4 + v.kind', 82)} < CASE WHEN v.paid_at IS NULL THEN 0.05 ELSE 0.1 END) attempts
         WHERE at < ${latest}
         ORDER BY i, kind`,
      );

      // The ledger's entries for these invoices and payments, as its posting triggers write them.
      await execute(
        tx,
        'ledger_entries',
        `INSERT INTO ledger_entries (application_id, allotment_id, entry_type, debit, source_key, invoice_id, reference, posted_at)
         SELECT i.application_id, i.allotment_id, 'invoice', i.amount, 'invoice:' || i.id, i.id, i.invoice_number, i.generated_at
         FROM vol_invoice v JOIN invoices i ON i.id = v.id ORDER BY v.i, v.kind`,
      );
      await execute(
        tx,
        'ledger_entries',
        `INSERT INTO ledger_entries (application_id, allotment_id, entry_type, credit, source_key, invoice_id, payment_id,
                                     reference, posted_at, posted_by)
         SELECT p.application_id, i.allotment_id, 'payment', p.amount, 'payment:' || p.id, p.invoice_id, p.id,
                p.receipt_number, p.payment_date, p.paid_by
         FROM vol_invoice v JOIN invoices i ON i.id = v.id
         JOIN payments p ON p.id = ${uuidInline('payment', 'v.i * 4 + v.kind')}
         WHERE v.paid_at IS NOT NULL AND p.status = 'success' ORDER BY v.i, v.kind`,
      );

      // Allotments of the candidates past payment verification, their lease deeds and possessions.
      await execute(
        tx,
        'allotments',
        `WITH src AS (${numbered('allotment', `(SELECT v.*, ${milestone(7)} AS allotted_at FROM vol_app v WHERE v.p >= 7)`, yearOf('src.allotted_at'), 's.allotted_at, s.i')}),
         ins AS (
           INSERT INTO allotments (id, allotment_number, application_id, asset_id, allotment_type, allotment_date, expiry_date,
                                   status, letter_generated, created_by, created_at, holder_user_id)
           SELECT ${uuidInline('allotment', 'i')}, 'ALT-' || yr || '-' || ${padded('n', 6)}, id, asset_id,
                  (CASE WHEN p >= 9 THEN 'final' ELSE 'provisional' END)::allotment_type,
                  ${dayOf('allotted_at')},
                  CASE WHEN p < 9 THEN ${dayOf('allotted_at')} + 365 END,
                  'active', true, ${ho.id}, allotted_at, user_id
           FROM src ORDER BY i
           RETURNING 1
         ), bump AS (${bumpCounters('allotment', 'src')})
         SELECT count(*) AS inserted FROM ins`,
      );
      await execute(
        tx,
        'lease_deeds',
        `INSERT INTO lease_deeds (id, allotment_id, file_name, storage_key, file_size, submission_date, verification_status,
                                  remarks, verified_by, verified_at)
         SELECT ${uuidInline('lease', 'v.i')}, ${uuidInline('allotment', 'v.i')}, 'lease-deed.pdf',
                md5(${text(`vol${run}:lease:`)} || v.i), (200000 + ${rnd('v.i', 80)} * 3000000)::int, ${milestone(8)},
                (CASE WHEN v.p >= 9 THEN 'approved' ELSE 'pending' END)::lease_deed_status, NULL,
                CASE WHEN v.p >= 9 THEN ${legal.id} END, CASE WHEN v.p >= 9 THEN ${milestone(9)} END
         FROM vol_app v WHERE v.p >= 8 ORDER BY v.i`,
      );
      await execute(
        tx,
        'possessions',
        `INSERT INTO possessions (id, allotment_id, possession_date, area_verified, boundary_marked, remarks, recorded_by, created_at)
         SELECT ${uuidInline('possession', 'v.i')}, ${uuidInline('allotment', 'v.i')}, ${dayOf(milestone(10))},
                a.total_area, true, NULL, ${zonal.id}, ${milestone(10)}
         FROM vol_app v JOIN assets a ON a.id = v.asset_id WHERE v.p >= 10 ORDER BY v.i`,
      );
      // The lease (99 years) and the two milestones run from possession (decision 014): construction is met when
      // the application reached under_implementation, production when it completed; the others are late once due.
      await execute(
        tx,
        null,
        `UPDATE allotments al SET possession_date = po.possession_date,
                lease_ends_on = (po.possession_date + interval '${ESTATE_TERMS.leaseYears} years')::date
         FROM possessions po
         WHERE po.allotment_id = al.id AND al.id IN (SELECT ${uuidInline('allotment', 'v.i')} FROM vol_app v WHERE v.p >= 10)`,
      );
      await execute(
        tx,
        'allotment_milestones',
        `INSERT INTO allotment_milestones (allotment_id, kind, due_on, met_on)
         SELECT ${uuidInline('allotment', 'v.i')}, m.kind,
                (${dayOf(milestone(10))} + interval '1 month' * m.months)::date,
                CASE WHEN v.p >= m.met_at THEN
                  CASE m.met_at WHEN 11 THEN ${dayOf(milestone(11))} ELSE ${dayOf(milestone(12))} END END
         FROM vol_app v
         CROSS JOIN (VALUES ('commence_construction', ${ESTATE_TERMS.milestoneMonths.commence_construction}, 11),
                            ('start_production', ${ESTATE_TERMS.milestoneMonths.start_production}, 12))
           AS m(kind, months, met_at)
         WHERE v.p >= 10 ORDER BY v.i`,
      );

      // A few timeline entries per application, in order: created, submitted, the latest status, the allotment.
      await execute(
        tx,
        'timeline_events',
        `INSERT INTO timeline_events (application_id, action, user_role, user_name, user_id, details, entity_type, entity_id,
                                      timestamp, event_code, params)
         SELECT v.id, e.action, e.role, e.name, e.user_id, e.details, e.entity::timeline_entity_type, e.entity_id, e.at,
                CASE e.n WHEN 1 THEN 'application_created' WHEN 2 THEN 'application_submitted'
                         WHEN 3 THEN CASE WHEN v.status = 'payment_verified' THEN 'payment_verified' ELSE 'status_changed' END
                         ELSE 'legacy' END,
                CASE e.n WHEN 1 THEN jsonb_build_object('application_number', 'APP-' || v.yr || '-' || ${padded('v.n', 6)},
                                                        'asset_code', null)
                         WHEN 3 THEN jsonb_build_object('to', v.status::text, 'stage', null)
                         ELSE '{}'::jsonb END
         FROM vol_app_numbered v
         CROSS JOIN LATERAL (VALUES
           (1, 'Application created', 'entrepreneur', v.user_name, v.user_id,
            'Application APP-' || v.yr || '-' || ${padded('v.n', 6)} || ' created as a draft', 'application', v.id, v.created_at),
           (2, 'Application submitted', 'entrepreneur', v.user_name, v.user_id,
            'Submitted for scrutiny; processing fee and EMD invoices generated', 'application', v.id, v.submitted_at),
           (3, 'Status changed to ' || ${caseOf('v.status::text', DEFAULT_STAGE)},
            CASE WHEN v.status = 'payment_verified' THEN 'SYSTEM' WHEN v.p BETWEEN 3 AND 4 THEN ${committee.role} ELSE ${zonal.role} END,
            CASE WHEN v.status = 'payment_verified' THEN 'SYSTEM' WHEN v.p BETWEEN 3 AND 4 THEN ${committee.name} ELSE ${zonal.name} END,
            CASE WHEN v.status = 'payment_verified' THEN NULL WHEN v.p BETWEEN 3 AND 4 THEN ${committee.id} ELSE ${zonal.id} END,
            ${caseOf('v.status::text', DEFAULT_STAGE)}, 'application', v.id, v.updated_at),
           (4, 'Allotment created', ${ho.role}, ${ho.name}, ${ho.id},
            'Allotment of the asset; allotment letter generated', 'allotment', ${uuidInline('allotment', 'v.i')}, ${milestone(7)})
         ) AS e(n, action, role, name, user_id, details, entity, entity_id, at)
         WHERE (e.n = 1) OR (e.n = 2 AND v.p >= 1) OR (e.n = 3 AND v.p >= 2) OR (e.n = 4 AND v.p >= 7)
         ORDER BY v.i, e.at, e.n`,
      );

      // The bell: the applicant is told of the submission, the zonal manager (the demo one) of each case reaching
      // scrutiny. What is older than a month has been read.
      const appNumber = `'APP-' || v.yr || '-' || ${padded('v.n', 6)}`;
      await execute(
        tx,
        'notifications',
        `INSERT INTO notifications (id, user_id, code, params, link, application_id, created_at, read_at)
         SELECT ${uuidInline('notification', 'v.i * 2 + e.n')}, e.user_id, e.code, e.params,
                replace(e.link, ':id', v.id::text), v.id, e.at,
                CASE WHEN e.at < ${nowSql} - interval '30 days' THEN e.at + interval '1 hour' * (1 + ${rnd('v.i * 2 + e.n', 110)} * 72) END
         FROM vol_app_numbered v
         CROSS JOIN LATERAL (VALUES
           (1, v.user_id, 'application_submitted',
            jsonb_build_object('application_number', ${appNumber}, 'invoice_count', 2, 'invoice_numbers', null,
                               'total_amount', 0, 'due_date', null),
            ${text(ROUTES.applicationDetail.path)}, v.submitted_at),
           (2, ${zonal.id}, 'case_reached_role',
            jsonb_build_object('application_number', ${appNumber}, 'status', 'under_scrutiny', 'role', 'zonal_manager',
                               'due_date', null),
            ${text(ROUTES.officerApplicationDetail.path)}, ${milestone(2)})
         ) AS e(n, user_id, code, params, link, at)
         WHERE (e.n = 1 AND v.p >= 1) OR (e.n = 2 AND v.p >= 2 AND e.user_id IS NOT NULL)
         ORDER BY v.i, e.n`,
      );

      // Committee meetings: one for every hundred applications that reached the committee, with up to eight of them.
      await execute(
        tx,
        'meetings',
        `WITH groups AS (
           SELECT min(v.i) AS g, (array_agg(v.id ORDER BY v.i))[1:8] AS ids, max(${milestone(3)}) AS held
           FROM vol_app v WHERE v.p >= 3 GROUP BY (v.i - 1) / 100
         ), src AS (${numbered('meeting', 'groups', yearOf('src.held'), 's.held, s.g')}),
         ins AS (
           INSERT INTO meetings (id, meeting_number, meeting_date, committee_type, agenda, application_ids, created_by, created_at)
           SELECT ${uuidInline('meeting', 'g')}, 'MTG-' || yr || '-' || ${padded('n', 4)}, ${dayOf('held')},
                  ${pickFrom(['slsc', 'slac', 'board', 'sipc'], 'g', 90)}::committee_type,
                  'Consideration of ' || cardinality(ids) || ' applications for allotment', ids, ${committee.id},
                  held - interval '7 days'
           FROM src ORDER BY g
           RETURNING 1
         ), bump AS (${bumpCounters('meeting', 'src')})
         SELECT count(*) AS inserted FROM ins`,
      );

      // Service requests from a quarter of the units with a final allotment or later.
      const request = `(1 + floor(${rnd('v.i', 100)} * ${SERVICE_REQUESTS.length})::int)`;
      await execute(
        tx,
        'service_requests',
        `WITH picked AS (
           SELECT v.*, least(${latest}, v.updated_at + interval '1 day' * ${rnd('v.i', 101)} * 120) AS raised, ${request} AS kind
           FROM vol_app v WHERE v.p >= 9 AND ${rnd('v.i', 102)} < 0.25
         ), src AS (${numbered('serviceRequest', 'picked', yearOf('src.raised'), 's.raised, s.i')}),
         ins AS (
           INSERT INTO service_requests (id, request_number, user_id, request_type, application_id, allotment_id, description,
                                         fee_amount, status, submitted_at)
           SELECT ${uuidInline('request', 'i')}, 'SR-' || yr || '-' || ${padded('n', 6)}, user_id,
                  (${textArray(SERVICE_REQUESTS.map(([type]) => type))})[kind]::service_request_type, id,
                  ${uuidInline('allotment', 'i')}, (${textArray(SERVICE_REQUESTS.map(([, description]) => description))})[kind],
                  (ARRAY[0, 5000, 10000, 25000])[1 + floor(${rnd('i', 103)} * 4)::int],
                  ${weighted(rnd('i', 104), [
                    ['submitted', 30],
                    ['in_progress', 25],
                    ['approved', 35],
                    ['rejected', 10],
                  ])}::service_request_status,
                  raised
           FROM src ORDER BY i
           RETURNING 1
         ), bump AS (${bumpCounters('serviceRequest', 'src')})
         SELECT count(*) AS inserted FROM ins`,
      );

      // Grievances from one in eight submitted applications' entrepreneurs, about that application: raised within
      // ninety days of its last move, routed to their category's officers in the application's zone and promised by
      // their category's working days (about seven calendar days to five), as the portal raises them, each with its
      // raised entry; half resolved (most by the promised day), some waiting for the complainant's detail.
      const grievanceCodes = GRIEVANCE_CATEGORY_CODES;
      const grievanceRule = (pick: (code: (typeof grievanceCodes)[number]) => string | number) =>
        `(${textArray(grievanceCodes.map((code) => String(pick(code))))})[c]`;
      await execute(
        tx,
        'grievances',
        `WITH picked AS (
           SELECT v.*, a.zone, least(${latest}, v.updated_at + interval '1 day' * ${rnd('v.i', 110)} * 90) AS raised,
                  (1 + floor(${rnd('v.i', 111)} * ${grievanceCodes.length})::int) AS c
           FROM vol_app v JOIN assets a ON a.id = v.asset_id WHERE v.p >= 2 AND ${rnd('v.i', 112)} < 0.125
         ), src AS (${numbered('grievance', 'picked', yearOf('src.raised'), 's.raised, s.i')}),
         shaped AS (
           SELECT src.*, ${grievanceRule((code) => code)} AS category,
                  ${grievanceRule((code) => GRIEVANCE_CATEGORIES[code].routesTo)} AS routed_to,
                  ${dayOf('raised')} + ceil(${grievanceRule((code) => GRIEVANCE_CATEGORIES[code].workingDays)}::int * 7 / 5.0)::int AS due_on,
                  ${weighted(rnd('i', 113), [
                    ['open', 35],
                    ['detail_asked', 10],
                    ['resolved', 55],
                  ])} AS grievance_status,
                  least(${latest}, raised + interval '1 day' * ${rnd('i', 114)} * 16) AS closed
           FROM src
         ), ins AS (
           INSERT INTO grievances (id, grievance_number, raised_by, category, text, status, application_id, zone,
                                   routed_to, raised_at, due_on, detail_asked_at, resolved_at, resolved_on_time)
           SELECT ${uuidInline('grievance', 'i')}, 'GRV-' || yr || '-' || ${padded('n', 6)}, user_id, category,
                  (${textArray([
                    'The invoice on my application does not match the fee table.',
                    'No decision has come on my application for weeks.',
                    'The officer handling my application did not return my calls.',
                    'The road to the plot I applied for is not laid.',
                    'Please explain the next step on my application.',
                  ])})[1 + floor(${rnd('i', 115)} * 5)::int],
                  grievance_status, id, zone, routed_to::role, raised, due_on,
                  CASE WHEN grievance_status = 'detail_asked' THEN closed END,
                  CASE WHEN grievance_status = 'resolved' THEN closed END,
                  CASE WHEN grievance_status = 'resolved' THEN ${dayOf('closed')} <= due_on END
           FROM shaped ORDER BY i
           RETURNING 1
         ), bump AS (${bumpCounters('grievance', 'src')})
         SELECT count(*) AS inserted FROM ins`,
      );
      await execute(
        tx,
        'grievance_entries',
        `INSERT INTO grievance_entries (id, grievance_id, kind, actor_id, actor_role, message, params, created_at)
         SELECT gen_random_uuid(), g.id, 'raised', g.raised_by, 'entrepreneur', g.text,
                jsonb_build_object('routed_to', g.routed_to, 'due_on', g.due_on), g.raised_at
         FROM vol_app v JOIN grievances g ON g.id = ${uuidInline('grievance', 'v.i')}
         ORDER BY v.i`,
      );
    });
    const seconds = (performance.now() - batchStarted) / 1000;
    log(
      `  applications ${hi.toLocaleString('en-IN')} / ${total.toLocaleString('en-IN')} ` +
        `(${seconds.toFixed(1)} s, ${Math.round((hi - lo + 1) / seconds).toLocaleString('en-IN')} applications/s)`,
    );
  }

  await db.execute(sql`ANALYZE`);
  const seconds = (performance.now() - started) / 1000;
  log(`Done in ${seconds.toFixed(1)} s.`);
  return { run, seconds, rows: counts };
}
