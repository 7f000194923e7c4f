// npx tsx bench/lists.ts --database-url postgres://… [--only "allotments,applications list" --seconds 3 --runs 3
//                        --connections 50]
//
// Loads chosen endpoints of `npm run bench` (bench/endpoints.ts; --only keeps those whose name contains one of the
// comma-separated words) against a PostgreSQL database already filled (npm run db:seed -- --applications N), without
// generating, sweeping or writing docs/performance.md: to measure a change to a few lists at volume, beside another
// list measured in the same run. The API starts on it as `npm run bench` starts it, so its migrations are applied.
import { parseArgs } from 'node:util';
import { ENDPOINTS, factsOf, measureApi } from './endpoints';
import type { LoadSettings } from './load';
import { startApi } from './servers';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    only: { type: 'string', default: '' },
    seconds: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
const databaseUrl = values['database-url'];
if (!databaseUrl) {
  console.error('Usage: npx tsx bench/lists.ts --database-url postgres://… [--only words,…]');
  process.exit(2);
}
const settings: LoadSettings = {
  seconds: Math.min(60, Math.max(1, Number(values.seconds))),
  runs: Math.min(10, Math.max(1, Number(values.runs))),
  connections: Math.min(500, Math.max(1, Number(values.connections))),
};
const words = values.only
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const endpoints = ENDPOINTS.filter(
  (endpoint) => words.length === 0 || words.some((word) => endpoint.name.includes(word)),
);
const log = (line: string) => console.log(line);

const server = await startApi({ databaseUrl });
try {
  const facts = await factsOf(databaseUrl, undefined);
  log(
    `${facts.applications.toLocaleString('en-IN')} applications; ${endpoints.length} endpoints, ` +
      `${settings.runs} x ${settings.seconds} s at ${settings.connections} connections each`,
  );
  const results = await measureApi('PostgreSQL', server, facts, settings, log, endpoints);
  log('');
  log('| endpoint | p50 ms (min–max) | p99 ms (min–max) | req/s (min–max) | errors |');
  log('| --- | --- | --- | --- | --- |');
  const range = (figure: { median: number; min: number; max: number }) =>
    `${figure.median.toFixed(0)} (${figure.min.toFixed(0)}–${figure.max.toFixed(0)})`;
  for (const [name, figures] of results) {
    log(
      figures.skipped
        ? `| ${name} | ${figures.skipped} | | | |`
        : `| ${name} | ${range(figures.p50)} | ${range(figures.p99)} | ${range(figures.rps)} | ${figures.errors} |`,
    );
  }
} finally {
  await server.stop();
}
