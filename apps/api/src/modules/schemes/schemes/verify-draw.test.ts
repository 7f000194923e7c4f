/** The documented script recomputes a draw from the public record alone, fetched over HTTP from a running server: the
 * commitment, the beacon round named at the opening and its BLS signature, the frozen list's hash and the order; it
 * says "matches". Given a record with one winner changed, one byte of the round's randomness changed, a round signed
 * with another key, or another chain than the one insisted on, it says "does not match". */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRound } from '@portal/beacon-sandbox';
import { SCHEME_PATHS, type PublicScheme, type SchemeDetail } from '@portal/contract';
import { closedDraw } from '../../../test/scheme-fixtures';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../../../../docs/verify-draw.mjs');

async function script(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, ...args]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}

describe(`the draw recomputed by docs/verify-draw.mjs (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let baseUrl: string;
  let scheme: SchemeDetail;
  let dir: string;

  const publicUrl = () => `${baseUrl}/api${SCHEME_PATHS.public(scheme.scheme_number)}`;
  async function savedRecord(change: (record: PublicScheme) => void): Promise<string> {
    const record = (await (await fetch(publicUrl())).json()) as PublicScheme;
    change(record);
    const file = path.join(dir, `${crypto.randomUUID()}.json`);
    await fs.writeFile(file, JSON.stringify(record));
    return file;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'verify-draw-'));
    scheme = await closedDraw(ctx, {
      title: 'Verifiable draw',
      plotCount: 3,
      categories: ['general', 'women', 'general', 'sc', 'women', 'general', 'general'],
      reserved: 'women',
    });
    const ho = await ctx.tokenFor('ho');
    const decided = await ctx.request(ho, { method: 'POST', url: `/api${SCHEME_PATHS.decide(scheme.id)}` });
    expect(decided.statusCode, decided.body).toBe(200);
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
    await ctx.close();
  });

  it('recomputes the published result from the public page, the beacon round included, and says it matches', async () => {
    const { code, out } = await script(publicUrl());
    expect(out).toContain(scheme.scheme_number);
    expect(out).toContain("The round's signature verifies with the chain's public key.");
    expect(out.trim().split('\n').at(-1)).toBe('matches');
    expect(code).toBe(0);
  });

  it('says "does not match" when a published winner is changed', async () => {
    const file = await savedRecord((record) => {
      const winner = record.result!.find((line) => line.outcome === 'won')!;
      const loser = record.result!.find((line) => line.outcome === 'lost' && line.plot_code === winner.plot_code)!;
      winner.outcome = 'lost';
      loser.outcome = 'won';
    });
    const { code, out } = await script(file);
    expect(out.trim().split('\n').at(-1)).toBe('does not match');
    expect(code).toBe(1);
  });

  it('says "does not match" when one byte of the round\'s randomness is changed', async () => {
    const file = await savedRecord((record) => {
      const randomness = record.beacon_round!.randomness;
      const flipped = ((parseInt(randomness.slice(0, 2), 16) ^ 0x01) & 0xff).toString(16).padStart(2, '0');
      record.beacon_round!.randomness = flipped + randomness.slice(2);
    });
    const { code, out } = await script(file);
    expect(out).toContain("The round's randomness is not SHA-256 of its signature.");
    expect(out.trim().split('\n').at(-1)).toBe('does not match');
    expect(code).toBe(1);
  });

  it('says "does not match" for a round signed with another key, even with its randomness made to agree', async () => {
    const forger = createHash('sha256').update('a forger of beacon rounds').digest('hex');
    const file = await savedRecord((record) => {
      const forged = signRound(record.beacon_round!.round, forger);
      record.beacon_round = forged;
      record.draw_seed = null;
    });
    const { code, out } = await script(file);
    expect(out).toContain("The round's signature does not verify with the chain's public key.");
    expect(code).toBe(1);
  });

  it('says "does not match" when the list published at the close is changed, or another chain is insisted on', async () => {
    const listChanged = await savedRecord((record) => {
      const [first, second] = record.qualified!;
      [first!.application_number, second!.application_number] = [second!.application_number, first!.application_number];
    });
    const changed = await script(listChanged);
    expect(changed.out).toContain('not to the hash published at the close');
    expect(changed.code).toBe(1);

    const quicknet = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
    const otherChain = await script('--chain', quicknet, publicUrl());
    expect(otherChain.out).toContain(`not ${quicknet}`);
    expect(otherChain.code).toBe(1);
  });
});
