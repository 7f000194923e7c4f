// npx tsx bench/asset-sorts.ts [-- --assets 1000000 --runs 3]
//
// The asset list's sorts and a zone's plot map at volume, as PostgreSQL plans them: fills a fresh database on
// 127.0.0.1:5432 (or DATABASE_URL) with synthetic assets, captures the SQL the API's own list and map functions send,
// and times each with EXPLAIN ANALYZE with the indexes of migration 0008 and, inside a transaction that is rolled
// back, without them. Prints a Markdown table (for docs/performance.md) with the command.
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { assetListQuerySchema } from '@portal/contract';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { getZoneMap, listAssets } from '../apps/api/src/modules/estate/assets/service';
import { createDatabase, serverVersion } from './postgres';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
  },
});
const assetCount = Math.max(1000, Number(values.assets.replace(/_/g, '')));
const runs = Math.min(10, Math.max(1, Number(values.runs)));
const command = `npx tsx bench/asset-sorts.ts${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`;

/** The indexes of migration 0008 that the assets' sorts and the plot map read. */
const INDEXES = ['assets_valuation_idx', 'assets_total_area_sqm_idx', 'assets_zone_map_idx'];
const ZONES = ['Hyderabad North', 'Hyderabad South', 'Warangal', 'Karimnagar', 'Nalgonda'];

/** Synthetic assets in the generator's shapes (acres of land, sqm plots, sqft sheds and buildings), one in five of
 * each zone placed on its map without overlaps. Triggers are off for the fill (the audit trail would hash a million
 * rows); the status summary is written afterwards. */
async function fill(client: pg.Client) {
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SELECT setseed(0.42)`);
  await client.query(`
    INSERT INTO assets (id, asset_code, category_id, type, zone, location, survey_number, plot_number, total_area,
                        available_area, unit, valuation, status, map_x, map_y, map_w, map_h, created_at, search_text)
    SELECT md5('sorts-asset-' || i)::uuid, 'S-' || lpad(i::text, 7, '0'), 'industrial', t::asset_type, zone,
           'Synthetic park', (100 + i % 900)::text, 'P-' || i, area,
           CASE WHEN st IN ('reserved', 'allotted') THEN 0 ELSE area END,
           (CASE t WHEN 'land' THEN 'acres' WHEN 'plot' THEN 'sqm' ELSE 'sqft' END)::asset_unit,
           round(area * price / 1000) * 1000, st::asset_status,
           CASE WHEN mapped THEN 1 + (m % 200) * 2 END, CASE WHEN mapped THEN 1 + (m / 200) * 2 END,
           CASE WHEN mapped THEN 2 END, CASE WHEN mapped THEN 2 END,
           now() - interval '1 minute' * i, lower('S-' || lpad(i::text, 7, '0') || ' synthetic park ' || zone)
    FROM (
      SELECT i, t, (ARRAY[${ZONES.map((zone) => `'${zone}'`).join(', ')}])[1 + i % ${ZONES.length}] AS zone,
             (i / ${ZONES.length}) % 5 = 0 AS mapped, i / ${ZONES.length} / 5 AS m,
             round((CASE t WHEN 'land' THEN 2 + r * 18 WHEN 'plot' THEN 500 + r * 4500
                           WHEN 'shed' THEN 2000 + r * 18000 ELSE 5000 + r * 45000 END)::numeric, 2) AS area,
             CASE t WHEN 'land' THEN 3000000 + r * 5000000 WHEN 'plot' THEN 3000 + r * 5000
                    WHEN 'shed' THEN 1500 + r * 1500 ELSE 2500 + r * 2500 END AS price,
             CASE WHEN s < 0.25 THEN 'allotted' WHEN s < 0.35 THEN 'reserved' WHEN s < 0.38 THEN 'other'
                  ELSE 'available' END AS st
      FROM (SELECT i, (ARRAY['land', 'plot', 'shed', 'building'])[1 + floor(random() * 4)::int] AS t,
                   random() AS r, random() AS s
            FROM generate_series(1, ${assetCount}) AS i) AS x
    ) AS g`);
  await client.query(`SET session_replication_role = DEFAULT`);
  await client.query(`DELETE FROM asset_status_deltas`);
  await client.query(`DELETE FROM asset_status_base`);
  await client.query(
    `INSERT INTO asset_status_base (status, count) SELECT status, count(*) FROM assets GROUP BY status`,
  );
  await client.query(`VACUUM ANALYZE assets`);
}

interface Captured {
  sql: string;
  params: unknown[];
}

/** The statements one call of the API's function sends (the first is the page's or the map's rows). */
async function capture(url: string, call: (db: Database) => Promise<unknown>): Promise<Captured[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const captured: Captured[] = [];
  try {
    const db = drizzle({
      client,
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Database;
    await call(db);
  } finally {
    await client.end();
  }
  return captured;
}

interface PlanFigures {
  ms: number;
  access: string;
}

/** The access paths of a JSON plan, outermost first: "Index Scan using x", "Seq Scan", "Sort". */
function accessOf(plan: Record<string, unknown>): string[] {
  const type = String(plan['Node Type']);
  const here =
    type.includes('Scan') || type === 'Sort' || type === 'Incremental Sort'
      ? [`${type}${plan['Index Name'] ? ` using ${String(plan['Index Name'])}` : ''}`]
      : [];
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [...here, ...children.flatMap(accessOf)];
}

/** The median execution time of `runs` EXPLAIN ANALYZE runs (after one warm-up), and the plan's access paths. */
async function explain(client: pg.Client, statement: Captured, withIndexes: boolean): Promise<PlanFigures> {
  await client.query('BEGIN');
  try {
    if (!withIndexes) for (const index of INDEXES) await client.query(`DROP INDEX ${index}`);
    const times: number[] = [];
    let access = '';
    for (let run = 0; run <= runs; run++) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, statement.params);
      const [result] = rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown>; 'Execution Time': number }[];
      if (run > 0) times.push(result!['Execution Time']);
      access = [...new Set(accessOf(result!.Plan))].join(', ');
    }
    times.sort((a, b) => a - b);
    return { ms: times[Math.floor(times.length / 2)]!, access };
  } finally {
    await client.query('ROLLBACK');
  }
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

async function main() {
  const database = await createDatabase('sorts');
  if (!database) throw new Error('No PostgreSQL answers on 127.0.0.1:5432 and DATABASE_URL is not set');
  try {
    const version = await serverVersion(database.url);
    console.log(`PostgreSQL ${version}: migrating, then ${assetCount.toLocaleString('en-IN')} synthetic assets`);
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const started = performance.now();
      await fill(client);
      console.log(`  filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

      const list = (query: Record<string, string>) => (db: Database) =>
        listAssets(db, assetListQuerySchema.parse(query));
      const secondPage = (query: Record<string, string>) => async (db: Database) => {
        const first = await listAssets(db, assetListQuerySchema.parse(query));
        return listAssets(db, assetListQuerySchema.parse({ ...query, cursor: first.nextCursor! }));
      };
      const cases: { name: string; call: (db: Database) => Promise<unknown>; pick: (all: Captured[]) => Captured }[] = [
        { name: '`GET /api/assets?sort=valuation`', call: list({ sort: 'valuation' }), pick: (all) => all[0]! },
        { name: '`GET /api/assets?sort=-valuation`', call: list({ sort: '-valuation' }), pick: (all) => all[0]! },
        { name: '`GET /api/assets?sort=total_area`', call: list({ sort: 'total_area' }), pick: (all) => all[0]! },
        { name: '`GET /api/assets?sort=-total_area`', call: list({ sort: '-total_area' }), pick: (all) => all[0]! },
        {
          name: '`GET /api/assets?sort=-total_area&cursor=…` (the next page)',
          call: secondPage({ sort: '-total_area' }),
          pick: (all) => all[2]!,
        },
        {
          name: '`GET /api/assets/available?sort=-valuation`',
          call: list({ sort: '-valuation', status: 'available' }),
          pick: (all) => all[0]!,
        },
        {
          name: `\`GET /api/assets/map?zone=${ZONES[0]}\` (the plots)`,
          call: (db) => getZoneMap(db, ZONES[0]!),
          pick: (all) => all[0]!,
        },
      ];
      const rows: string[] = [];
      for (const item of cases) {
        const statement = item.pick(await capture(database.url, item.call));
        const without = await explain(client, statement, false);
        const withIndexes = await explain(client, statement, true);
        console.log(
          `  ${item.name}: ${ms(without.ms)} ms (${without.access}) → ${ms(withIndexes.ms)} ms (${withIndexes.access})`,
        );
        rows.push(
          `| ${item.name} | ${ms(without.ms)} | ${without.access} | ${ms(withIndexes.ms)} | ${withIndexes.access} |`,
        );
      }
      console.log('');
      console.log('```sh');
      console.log(command);
      console.log('```');
      console.log('');
      console.log(
        `PostgreSQL ${version}, ${assetCount.toLocaleString('en-IN')} assets; EXPLAIN ANALYZE execution time, median of ${runs} runs after a warm-up.`,
      );
      console.log('');
      console.log('| query | without 0008 ms | plan without | with 0008 ms | plan with |');
      console.log('| --- | --- | --- | --- | --- |');
      for (const row of rows) console.log(row);
    } finally {
      await client.end();
    }
  } finally {
    await database.drop();
  }
}

await main();
