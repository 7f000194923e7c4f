#!/usr/bin/env node
/* global console, process, fetch, Buffer */
/**
 * Recomputes a scheme's draw of lots (or first come) from its public record alone, and says whether the portal's
 * published result matches (decision 018). Plain Node 18 or later, nothing else:
 *
 *   node docs/verify-draw.mjs https://portal.example/api/public/schemes/SCH-2026-000001
 *   node docs/verify-draw.mjs saved-scheme.json
 *
 * It checks that SHA-256 of the revealed seed equals the commitment published when the scheme opened; for a draw that
 * names a beacon round (decision 034), that the round is the first of the beacon's chain after applications closed,
 * that the round's BLS signature verifies with the chain's public key (with @noble/curves: run the script from the
 * portal's folder, or `npm install @noble/curves` beside it) and its randomness is SHA-256 of the signature, that the
 * qualified list hashes to the hash published at the close, and computes the order's seed as
 * SHA-256(seed || the round's randomness || the list's hash). Pass `--chain <hash>` to insist on a chain (drand's
 * quicknet's public key is known to the script). Then:
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

/** drand's quicknet, the League of Entropy's public chain: its hash and public key, as drand publishes them. */
const QUICKNET = {
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  public_key:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
};

/** The text of the frozen qualified list whose SHA-256 the portal publishes at the close: one line per entry in list
 * order, position TAB application number TAB plot code TAB category, each ending in a newline. */
const qualifiedListText = (list) =>
  list.map((line) => `${line.position}\t${line.application_number}\t${line.plot_code}\t${line.category}\n`).join('');

/** Whether the round's BLS signature verifies with the chain's public key (drand's bls-unchained-g1-rfc9380: the
 * signature on G1 over SHA-256 of the round as 8 big-endian bytes). */
async function roundSignatureHolds(chain, round) {
  if (chain.scheme_id !== 'bls-unchained-g1-rfc9380')
    fail(`The beacon's scheme ${chain.scheme_id} is not one this script checks.`);
  let bls;
  try {
    ({ bls12_381: bls } = await import('@noble/curves/bls12-381'));
  } catch {
    fail(
      "Checking the beacon's signature needs @noble/curves: run this from the portal's folder, or npm install @noble/curves.",
    );
  }
  const roundBytes = Buffer.alloc(8);
  roundBytes.writeBigUInt64BE(BigInt(round.round));
  const message = bls.G1.hashToCurve(sha256(roundBytes), { DST: 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_' });
  try {
    return bls.verifyShortSignature(round.signature, message, chain.public_key);
  } catch {
    return false;
  }
}

const args = process.argv.slice(2);
const chainFlag = args.indexOf('--chain');
const requiredChain = chainFlag >= 0 ? args.splice(chainFlag, 2)[1] : undefined;
const source = args[0];
if (!source) {
  console.error('Usage: node docs/verify-draw.mjs [--chain <chain hash>] <public scheme URL or saved JSON file>');
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
let orderSeed = scheme.seed;
if (scheme.qualified_hash) {
  const listHash = sha256(Buffer.from(qualifiedListText(list), 'utf8')).toString('hex');
  console.log(`Qualified list hash ${scheme.qualified_hash}`);
  if (listHash !== scheme.qualified_hash)
    fail(`The qualified list hashes to ${listHash}, not to the hash published at the close.`);
}
if (scheme.mode === 'draw' && scheme.beacon) {
  const { chain, round: named } = scheme.beacon;
  const round = scheme.beacon_round;
  console.log(`Beacon ${chain.beacon_id}, chain ${chain.hash}`);
  if (requiredChain && chain.hash !== requiredChain) fail(`The draw used chain ${chain.hash}, not ${requiredChain}.`);
  if (chain.hash === QUICKNET.hash && chain.public_key !== QUICKNET.public_key) {
    fail("The record names drand's quicknet with another public key.");
  }
  if (chain.hash !== QUICKNET.hash)
    console.log('(not the public drand network: a test chain, whose rounds its keeper can predict)');
  const firstAfterClose = Math.floor((Date.parse(scheme.closes_at) / 1000 - chain.genesis_time) / chain.period) + 2;
  if (named !== firstAfterClose)
    fail(`The draw names round ${named}, not ${firstAfterClose}, the first after the close.`);
  if (!round || round.round !== named || !scheme.qualified_hash)
    fail('The beacon round the draw used is not published.');
  console.log(`Round ${round.round}, randomness ${round.randomness}`);
  if (sha256(Buffer.from(round.signature, 'hex')).toString('hex') !== round.randomness) {
    fail("The round's randomness is not SHA-256 of its signature.");
  }
  if (!(await roundSignatureHolds(chain, round)))
    fail("The round's signature does not verify with the chain's public key.");
  console.log("The round's signature verifies with the chain's public key.");
  orderSeed = sha256(
    Buffer.concat([
      Buffer.from(scheme.seed, 'hex'),
      Buffer.from(round.randomness, 'hex'),
      Buffer.from(scheme.qualified_hash, 'hex'),
    ]),
  ).toString('hex');
  console.log(`Order seed SHA-256(seed || randomness || list hash) ${orderSeed}`);
  if (scheme.draw_seed && scheme.draw_seed !== orderSeed) fail(`The published order seed ${scheme.draw_seed} differs.`);
}
const order = scheme.mode === 'draw' ? drawOrder(orderSeed, list) : list;
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
