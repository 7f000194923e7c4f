/** The endpoints `npm run bench` loads, who calls each, and the load itself: shared by bench/run.ts (every endpoint on
 * generated data sets) and bench/lists.ts (chosen endpoints on a database already filled). */
import { addCalendarDays, businessToday } from '@portal/contract';
import { openDatabase } from '../apps/api/src/db/client';
import { DEMO_PASSWORD } from '../apps/api/src/demo/seed';
import { measureEndpoint, measureMixed, type EndpointFigures, type LoadSettings, type MixedStep } from './load';
import type { RunningServer } from './servers';

export const MIXED_PATH = 'mixed';

/** Who calls each endpoint. The list is called as the web app calls it (its first page, default sort). */
export const ENDPOINTS: { name: string; path: string; as: string }[] = [
  { name: 'applications list (web app, first page)', path: '/api/applications?limit=50&sort=-created_at', as: 'ho' },
  { name: 'application detail', path: '/api/applications/{id}', as: 'ho' },
  { name: 'search applications q=0004', path: '/api/applications?q=0004&limit=50', as: 'ho' },
  { name: 'invoices', path: '/api/invoices', as: 'finance' },
  { name: 'invoices (an entrepreneur with several)', path: '/api/invoices', as: 'volume-owner' },
  { name: 'payments', path: '/api/payments', as: 'finance' },
  { name: 'assets', path: '/api/assets', as: 'ho' },
  { name: 'assets available', path: '/api/assets/available', as: 'entrepreneur' },
  // The list's size and price sorts walk migration 0008's indexes.
  { name: 'assets by area, largest first', path: '/api/assets?sort=-total_area', as: 'ho' },
  { name: 'assets by valuation', path: '/api/assets?sort=valuation', as: 'ho' },
  { name: 'allotments', path: '/api/allotments', as: 'ho' },
  // The estate register (decision 014): its filters, late lists and counts.
  { name: 'allotments in one zone', path: '/api/allotments?zone=Warangal', as: 'ho' },
  { name: 'allotments late to start construction', path: '/api/allotments?late=commence_construction', as: 'ho' },
  { name: 'allotments late to start production', path: '/api/allotments?late=start_production', as: 'ho' },
  // The register's search (migration 0025): a plot code's part (the generated codes carry the zone's first letters, so
  // this one matches the plots of both Hyderabad zones) and a holder's name.
  { name: 'allotments search q=hyd (plot code)', path: '/api/allotments?q=hyd', as: 'ho' },
  { name: 'allotments search q=kavitha (holder)', path: '/api/allotments?q=kavitha', as: 'ho' },
  { name: 'allotments summary (counts)', path: '/api/allotments/summary', as: 'ho' },
  { name: 'dashboard stats (officer)', path: '/api/dashboard/stats', as: 'ho' },
  { name: 'dashboard stats (finance)', path: '/api/dashboard/stats', as: 'finance' },
  // Each report's first page: its totals from the summary rows of migration 0018, and its first rows.
  { name: 'report: applications', path: '/api/reports/applications', as: 'ho' },
  { name: 'report: assets', path: '/api/reports/assets', as: 'ho' },
  { name: 'report: payments', path: '/api/reports/payments', as: 'ho' },
  { name: 'report: allotments', path: '/api/reports/allotments', as: 'ho' },
  // The officers' pendency (bench/pendency.ts times it at the database, with the reports' totals before and after).
  { name: 'pendency (head office, every zone)', path: '/api/pendency', as: 'ho' },
  { name: 'pendency (zonal manager)', path: '/api/pendency', as: 'zonal' },
  // The finance dashboard's reports: sums per day and mode, ageing bands and what waits on finance, all in SQL.
  { name: 'finance: collections, last 30 days', path: '/api/finance/collections', as: 'finance' },
  { name: 'finance: collections, 366 days', path: '/api/finance/collections?from={yearAgo}&to={today}', as: 'finance' },
  { name: 'finance: receivables ageing', path: '/api/finance/receivables-ageing', as: 'finance' },
  { name: 'finance: summary', path: '/api/finance/summary', as: 'finance' },
  { name: 'meetings', path: '/api/meetings', as: 'committee' },
  // The ledger behind an application's statement of account (its invoices and payments, with running balances).
  { name: 'statement of account (an application)', path: '/api/applications/{id}/statement', as: 'finance' },
  // Gateway orders: finance's whole list, and an entrepreneur's own (their invoices' orders).
  { name: 'gateway orders (finance)', path: '/api/payments/orders', as: 'finance' },
  { name: 'gateway orders (an entrepreneur with several)', path: '/api/payments/orders', as: 'volume-owner' },
  { name: 'schemes', path: '/api/schemes', as: 'ho' },
  { name: 'users', path: '/api/users', as: 'admin' },
  { name: 'service requests (an entrepreneur with several)', path: '/api/service-requests', as: 'volume-owner' },
  // Grievances (decision 038): the officers' inbox, all of it and past the promised day; the SMS outbox and its
  // segments per day (decision 037); the pushes to the state's single window (decision 036).
  { name: 'grievance inbox (head office)', path: '/api/grievances/inbox', as: 'ho' },
  { name: 'grievance inbox (zonal manager)', path: '/api/grievances/inbox', as: 'zonal' },
  { name: 'grievance inbox, past the promised day', path: '/api/grievances/inbox?overdue=true', as: 'ho' },
  { name: 'SMS outbox', path: '/api/sms/outbox', as: 'admin' },
  { name: 'SMS outbox: segments per day', path: '/api/sms/outbox/summary', as: 'admin' },
  { name: 'single window pushes', path: '/api/single-window/outbox', as: 'finance' },
  // The bell polls this on every page: the zonal manager is told of every case reaching scrutiny.
  { name: 'notifications bell: unread count (officer)', path: '/api/notifications/unread-count', as: 'zonal' },
  {
    name: 'notifications bell: unread count (entrepreneur)',
    path: '/api/notifications/unread-count',
    as: 'volume-owner',
  },
  {
    name: 'mixed workload, per request',
    path: `${MIXED_PATH} (officer list, detail, stats; finance invoices; entrepreneur assets, own list, create a draft)`,
    as: 'signed in once each',
  },
];

export const ROLE_EMAILS: Record<string, string> = {
  ho: 'ho@example.com',
  zonal: 'zonal@example.com',
  finance: 'finance@example.com',
  entrepreneur: 'entrepreneur@example.com',
  committee: 'committee@example.com',
  admin: 'admin@example.com',
};

export interface Facts {
  applications: number;
  detailId: string;
  ownerEmail: string;
  availableAssetId: string;
  /** Part of an organisation's name, as an officer types it. */
  searchTerm: string;
}

/** Reads what the load needs from the database: the counts, a submitted application and a busy entrepreneur. */
export async function factsOf(databaseUrl: string | undefined, dataDir: string | undefined): Promise<Facts> {
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    const query = async <T>(text: string) =>
      ((await handle.db.execute(text as never)) as unknown as { rows: T[] }).rows;
    const [count] = await query<{ n: string | number }>('SELECT count(*) AS n FROM applications');
    const applications = Number(count!.n);
    const [detail] = await query<{ id: string }>(
      `SELECT id FROM applications WHERE status <> 'draft' ORDER BY application_number OFFSET ${Math.floor(applications / 2)} LIMIT 1`,
    );
    const [owner] = await query<{ email: string }>(
      `SELECT u.email FROM service_requests r JOIN users u ON u.id = r.user_id WHERE u.is_active
       GROUP BY u.email ORDER BY count(*) DESC, u.email LIMIT 1`,
    );
    const [asset] = await query<{ id: string }>(
      `SELECT id FROM assets WHERE status = 'available' ORDER BY asset_code LIMIT 1`,
    );
    return {
      applications,
      detailId: detail!.id,
      ownerEmail: owner?.email ?? ROLE_EMAILS.entrepreneur!,
      availableAssetId: asset!.id,
      searchTerm: 'precision',
    };
  } finally {
    await handle.close();
  }
}

export async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login as ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function measureApi(
  label: string,
  server: RunningServer,
  facts: Facts,
  settings: LoadSettings,
  log: (line: string) => void,
  endpoints = ENDPOINTS,
): Promise<Map<string, EndpointFigures>> {
  const tokens = new Map<string, string>();
  const tokenFor = async (as: string) => {
    const email = as === 'volume-owner' ? facts.ownerEmail : ROLE_EMAILS[as]!;
    if (!tokens.has(email)) tokens.set(email, await login(server.base, email));
    return tokens.get(email)!;
  };
  const results = new Map<string, EndpointFigures>();
  for (const endpoint of endpoints) {
    if (!server.alive()) throw new Error(`${label}: the API process has died`);
    const today = businessToday();
    const target = endpoint.path
      .replace('{id}', facts.detailId)
      .replace('{today}', today)
      .replace('{yearAgo}', addCalendarDays(today, -365));
    const url = `${server.base}${target}`;
    const figures = endpoint.path.startsWith(MIXED_PATH)
      ? await measureMixed(server.base, await mixedCycle(tokenFor, facts), settings)
      : await measureEndpoint(url, await tokenFor(endpoint.as), settings);
    results.set(endpoint.name, figures);
    log(
      `  ${label.padEnd(22)} ${endpoint.name.padEnd(48)} ` +
        (figures.skipped
          ? figures.skipped
          : `p50 ${figures.p50.median.toFixed(0).padStart(6)} ms  p99 ${figures.p99.median.toFixed(0).padStart(6)} ms  ` +
            `${figures.rps.median.toFixed(0).padStart(6)} req/s  ${figures.bodyBytes} B`),
    );
  }
  return results;
}

/** A working day in eight requests: an officer's queue, a case and the dashboard, finance's invoices, and an
 * entrepreneur browsing plots, their own list and starting an application (a write with its timeline entry). */
async function mixedCycle(tokenFor: (as: string) => Promise<string>, facts: Facts): Promise<MixedStep[]> {
  const [ho, finance, entrepreneur] = [await tokenFor('ho'), await tokenFor('finance'), await tokenFor('entrepreneur')];
  return [
    { method: 'GET', path: '/api/applications?limit=50&sort=-created_at', token: ho },
    { method: 'GET', path: `/api/applications/${facts.detailId}`, token: ho },
    { method: 'GET', path: '/api/dashboard/stats', token: ho },
    { method: 'GET', path: '/api/invoices?status=pending', token: finance },
    { method: 'GET', path: '/api/assets/available?limit=20', token: entrepreneur },
    { method: 'GET', path: '/api/applications', token: entrepreneur },
    { method: 'GET', path: `/api/applications?q=${facts.searchTerm}&limit=20`, token: ho },
    {
      method: 'POST',
      path: '/api/applications',
      token: entrepreneur,
      body: {
        asset_id: facts.availableAssetId,
        application_type: 'new',
        project_description: 'Benchmark: a small food processing unit',
        estimated_investment: 2500000,
        employment_generation: 12,
      },
    },
  ];
}
