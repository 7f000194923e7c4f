#!/usr/bin/env node
/* global console, process, fetch, Buffer */
/**
 * Recomputes a scheme's draw of lots (or first come) from its public record alone, and says whether the portal's
 * published result matches (decision 018). Plain Node 18 or later, nothing else:
 *
 *   node docs/verify-draw.mjs https://portal.example/api/public/schemes/SCH-2026-000001
 *   node docs/verify-draw.mjs saved-scheme.json
 *
 * It checks that SHA-256 of the revealed seed equals the commitment published when the scheme opened, then:
 * - the stream: block_i = SHA-256(seed bytes || uint32_be(i)), i = 0, 1, 2, ...; 4-byte big-endian unsigned integers
 *   are read from the blocks in turn;
 * - uniform(n): limit = floor(2^32 / n) * n; take the next integer x until x < limit; answer x mod n;
 * - the order: Fisher-Yates over the qualified list in its published order (for i from len-1 down to 1,
 *   j = uniform(i + 1), swap a[i] and a[j]); first come keeps the list's order;
 * - the allocation: pass 1, each application in order wins its plot if the plot is still free and is not reserved,
 *   or is reserved for the application's category; pass 2, each one not yet placed, in order, wins its plot if still
 *   free. Every application's rank is its place in the order.
 * Exit status: 0 when the result matches, 1 when it does not (or the record cannot be checked).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

const sha256 = (bytes) => createHash('sha256').update(bytes).digest();

function integerStream(seedHex) {
  const seed = Buffer.from(seedHex, 'hex');
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      const index = Buffer.alloc(4);
      index.writeUInt32BE(counter++);
      block = sha256(Buffer.concat([seed, index]));
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}

function drawOrder(seedHex, list) {
  const next = integerStream(seedHex);
  const uniform = (n) => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = next();
      if (x < limit) return x % n;
    }
  };
  const order = [...list];
  for (let i = order.length - 1; i >= 1; i--) {
    const j = uniform(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

function allocate(order, reservedFor) {
  const taken = new Set();
  const won = new Set();
  order.forEach((entry, index) => {
    const reserved = reservedFor.get(entry.plot_code) ?? null;
    if (!taken.has(entry.plot_code) && (reserved === null || reserved === entry.category)) {
      taken.add(entry.plot_code);
      won.add(index);
    }
  });
  order.forEach((entry, index) => {
    if (!won.has(index) && !taken.has(entry.plot_code)) {
      taken.add(entry.plot_code);
      won.add(index);
    }
  });
  return order.map((entry, index) => ({
    application_number: entry.application_number,
    plot_code: entry.plot_code,
    outcome: won.has(index) ? 'won' : 'lost',
    rank: index + 1,
  }));
}

async function readRecord(source) {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return response.json();
  }
  return JSON.parse(await readFile(source, 'utf8'));
}

function fail(message) {
  console.log(message);
  console.log('does not match');
  process.exit(1);
}

const source = process.argv[2];
if (!source) {
  console.error('Usage: node docs/verify-draw.mjs <public scheme URL or saved JSON file>');
  process.exit(2);
}

const scheme = await readRecord(source);
console.log(`Scheme ${scheme.scheme_number}: ${scheme.title} (${scheme.mode}, ${scheme.status})`);
if (scheme.mode === 'auction') fail('An auction is decided by its bids, not by a draw: there is nothing to recompute.');
if (scheme.status !== 'decided' || !Array.isArray(scheme.qualified) || !Array.isArray(scheme.result)) {
  fail('The scheme is not decided yet: its result is not published.');
}

if (scheme.mode === 'draw') {
  if (!scheme.seed) fail('The seed is not revealed.');
  const commitment = sha256(Buffer.from(scheme.seed, 'hex')).toString('hex');
  console.log(`Commitment ${scheme.commitment}`);
  console.log(`SHA-256 of the revealed seed ${commitment}`);
  if (commitment !== scheme.commitment) fail('The seed does not hash to the commitment.');
}

const list = [...scheme.qualified].sort((a, b) => a.position - b.position);
const order = scheme.mode === 'draw' ? drawOrder(scheme.seed, list) : list;
const reservedFor = new Map(scheme.plots.map((plot) => [plot.plot_code, plot.reserved_for]));
const expected = allocate(order, reservedFor);

console.log('');
console.log('Place  Application          Plot                 Outcome');
for (const line of expected) {
  console.log(
    `${String(line.rank).padStart(5)}  ${line.application_number.padEnd(20)} ${line.plot_code.padEnd(20)} ${line.outcome}`,
  );
}
console.log('');

// A winner may since have been replaced (never in a draw: only an auction waitlists), so the published won and lost
// lines are compared as they stand.
const published = new Map(
  scheme.result
    .filter((line) => line.outcome === 'won' || line.outcome === 'lost')
    .map((line) => [line.application_number, line]),
);
const differences = [];
for (const line of expected) {
  const other = published.get(line.application_number);
  if (!other) differences.push(`${line.application_number}: not in the published result`);
  else if (other.outcome !== line.outcome || other.rank !== line.rank || other.plot_code !== line.plot_code) {
    differences.push(
      `${line.application_number}: published ${other.outcome} at place ${other.rank}, recomputed ${line.outcome} at place ${line.rank}`,
    );
  }
  published.delete(line.application_number);
}
for (const number of published.keys()) differences.push(`${number}: published but not in the qualified list`);

if (differences.length > 0) fail(differences.join('\n'));
console.log('matches');
