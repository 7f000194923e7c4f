/** The sandbox beacon over real HTTP: drand-client fetches and verifies its rounds, future rounds are not answered, its
 * clock may be injected or follow the portal's, its faults are seen by drand-client, and its page says TEST MODE. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bls12_381 } from '@noble/curves/bls12-381';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { fetchBeacon, HttpCachingChain, HttpChainClient } from 'drand-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  roundAt,
  roundTime,
  SANDBOX_BEACON_CHAIN,
  SANDBOX_BEACON_SECRET_KEY,
  sandboxChainInfo,
  signRound,
  startBeaconSandbox,
  type BeaconSandbox,
} from './sandbox';

const PERIOD_MS = SANDBOX_BEACON_CHAIN.period * 1000;
/** The injected clock: 1000.5 s after genesis, in the middle of round 334. */
let clock = SANDBOX_BEACON_CHAIN.genesis_time * 1000 + 1_000_500;
let sandbox: BeaconSandbox;

beforeAll(async () => {
  sandbox = await startBeaconSandbox({ port: 0, now: () => clock, log: () => {} });
});

afterAll(async () => {
  await sandbox.close();
});

afterEach(() => {
  sandbox.setFault('none');
});

function drandClient(url: string) {
  const options = {
    disableBeaconVerification: false,
    noCache: false,
    chainVerificationParams: { chainHash: SANDBOX_BEACON_CHAIN.hash, publicKey: SANDBOX_BEACON_CHAIN.public_key },
  };
  return new HttpChainClient(new HttpCachingChain(url, options), options);
}

async function get(url: string) {
  const answer = await fetch(url);
  return { status: answer.status, headers: answer.headers, body: (await answer.json()) as unknown };
}

describe('the sandbox chain', () => {
  it('is the chain written out in SANDBOX_BEACON_CHAIN, of the TEST key named in the source', () => {
    expect(sandboxChainInfo()).toEqual(SANDBOX_BEACON_CHAIN);
    const hashed = BigInt(`0x${bytesToHex(sha256(utf8ToBytes('portal sandbox beacon: TEST MODE, guards nothing')))}`);
    const order = bls12_381.fields.Fr.ORDER;
    expect(BigInt(`0x${SANDBOX_BEACON_SECRET_KEY}`)).toBe(hashed % order);
    expect(BigInt(`0x${SANDBOX_BEACON_SECRET_KEY}`) < order).toBe(true);
    // Another period or genesis is another chain.
    expect(sandboxChainInfo({ periodSeconds: 30 }).hash).not.toBe(SANDBOX_BEACON_CHAIN.hash);
    expect(sandboxChainInfo({ genesisTime: 1767225601 }).hash).not.toBe(SANDBOX_BEACON_CHAIN.hash);
  });

  it('counts rounds as drand does', () => {
    const genesisMs = SANDBOX_BEACON_CHAIN.genesis_time * 1000;
    expect(roundAt(genesisMs, SANDBOX_BEACON_CHAIN)).toBe(1);
    expect(roundAt(genesisMs + PERIOD_MS - 1, SANDBOX_BEACON_CHAIN)).toBe(1);
    expect(roundAt(genesisMs + PERIOD_MS, SANDBOX_BEACON_CHAIN)).toBe(2);
    expect(roundAt(genesisMs - 1, SANDBOX_BEACON_CHAIN)).toBe(0);
    expect(roundTime(SANDBOX_BEACON_CHAIN, 1)).toBe(genesisMs);
    expect(roundTime(SANDBOX_BEACON_CHAIN, 334)).toBe(genesisMs + 333 * PERIOD_MS);
  });
});

describe('the sandbox beacon', () => {
  it('answers rounds drand-client fetches and verifies', async () => {
    const beacon = await fetchBeacon(drandClient(sandbox.url), 334);
    expect(beacon).toEqual(signRound(334));
    expect(beacon.randomness).toBe(bytesToHex(sha256(Buffer.from(beacon.signature, 'hex'))));
  });

  it('answers its chain info, the chain list and the rounds, also under its chain hash', async () => {
    const hash = SANDBOX_BEACON_CHAIN.hash;
    expect((await get(`${sandbox.url}/info`)).body).toEqual(SANDBOX_BEACON_CHAIN);
    expect((await get(`${sandbox.url}/${hash}/info`)).body).toEqual(SANDBOX_BEACON_CHAIN);
    expect((await get(`${sandbox.url}/chains`)).body).toEqual([hash]);
    const latest = await get(`${sandbox.url}/public/latest`);
    expect(latest.status).toBe(200);
    expect(latest.headers.get('content-type')).toMatch(/^application\/json/);
    expect(latest.headers.get('cache-control')).toBe('no-store');
    expect(latest.body).toEqual(signRound(roundAt(clock, SANDBOX_BEACON_CHAIN)));
    expect((await get(`${sandbox.url}/public/7`)).body).toEqual(signRound(7));
    expect((await get(`${sandbox.url}/${hash}/public/latest`)).body).toEqual(signRound(334));
    expect((await get(`${sandbox.url}/${hash}/public/1`)).body).toEqual(signRound(1));
    expect((await get(`${sandbox.url}/${'0'.repeat(64)}/public/1`)).status).toBe(404);
    expect((await get(`${sandbox.url}/${'0'.repeat(64)}/info`)).status).toBe(404);
  });

  it('answers no future round (404, as drand relays) and refuses a malformed one (400)', async () => {
    expect(await get(`${sandbox.url}/public/335`)).toMatchObject({
      status: 404,
      body: { error: 'requested future beacon' },
    });
    for (const round of ['0', '-1', '1.5', 'abc', '1e3', '99999999999999999999']) {
      expect((await get(`${sandbox.url}/public/${round}`)).status, round).toBe(400);
    }
  });

  it('makes later rounds available as its injected clock moves forward', async () => {
    const before = clock;
    try {
      expect((await get(`${sandbox.url}/public/336`)).status).toBe(404);
      clock += 2 * PERIOD_MS;
      expect((await get(`${sandbox.url}/public/336`)).body).toEqual(signRound(336));
      expect((await get(`${sandbox.url}/public/latest`)).body).toMatchObject({ round: 336 });
    } finally {
      clock = before;
    }
  });

  it('serves forged rounds drand-client refuses, while still advertising its real public key', async () => {
    sandbox.setFault('forged');
    expect((await get(`${sandbox.url}/info`)).body).toEqual(SANDBOX_BEACON_CHAIN);
    const forged = (await get(`${sandbox.url}/public/334`)).body as { signature: string };
    expect(forged).toMatchObject({ round: 334 });
    expect(forged.signature).not.toBe(signRound(334).signature);
    await expect(fetchBeacon(drandClient(sandbox.url), 334)).rejects.toThrow(/not valid/);
  });

  it('answers 503 while down, and honestly again once set back to none, through the page form or JSON', async () => {
    const post = (body: string, type: string) =>
      fetch(`${sandbox.url}/sandbox/fault`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
        redirect: 'manual',
      });
    const down = await post('fault=down', 'application/x-www-form-urlencoded');
    expect(down.status).toBe(303);
    expect(down.headers.get('location')).toBe('/');
    for (const path of ['/info', '/chains', '/public/latest', '/public/334']) {
      expect((await get(`${sandbox.url}${path}`)).status, path).toBe(503);
    }
    await expect(fetchBeacon(drandClient(sandbox.url), 334)).rejects.toThrow(/503/);

    expect((await post(JSON.stringify({ fault: 'none' }), 'application/json')).status).toBe(303);
    expect(await fetchBeacon(drandClient(sandbox.url), 334)).toEqual(signRound(334));
    expect((await post('fault=broken', 'application/x-www-form-urlencoded')).status).toBe(400);
  });

  it('draws a TEST MODE page with the chain, the latest round and the fault switch', async () => {
    sandbox.setFault('forged');
    const answer = await fetch(`${sandbox.url}/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await answer.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<title>[^<]*TEST MODE[^<]*<\/title>/);
    // The banner, before anything else on the page.
    expect(html).toMatch(/<body><div role="note"[^>]*>TEST MODE: a sandbox beacon\. [^<]*predict every round/);
    expect(html).toContain(SANDBOX_BEACON_CHAIN.hash);
    expect(html).toContain('334');
    expect(html).toMatch(/<legend>[^<]+<\/legend>/);
    for (const fault of ['none', 'down', 'forged']) {
      expect(html).toMatch(new RegExp(`<button type="submit" name="fault" value="${fault}"[^>]*>[^<]+</button>`));
    }
    expect(html).toContain('value="forged" aria-pressed="true"');
  });

  it('answers 404 for an unknown path and 405 for a wrong method', async () => {
    expect((await fetch(`${sandbox.url}/nothing-here`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/public/1/more`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/info`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${sandbox.url}/public/latest`, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${sandbox.url}/sandbox/fault`)).status).toBe(405);
  });
});

describe("the sandbox beacon on the portal's clock", () => {
  const HOUR_MS = 3_600_000;
  let portal: http.Server;
  let portalUrl: string;
  let healthReads = 0;
  let aheadMs = HOUR_MS;

  beforeAll(async () => {
    // A stand-in for the portal, whose clock was moved an hour forward.
    portal = http.createServer((request, response) => {
      if (request.url !== '/api/health') return void response.writeHead(404).end();
      healthReads += 1;
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'x-portal-time': new Date(Date.now() + aheadMs).toISOString(),
        })
        .end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    portal.closeAllConnections();
    await new Promise((resolve) => portal.close(resolve));
  });

  it("answers at once a round that a move of the portal's clock made a moment ago", async () => {
    const follower = await startBeaconSandbox({ port: 0, portalUrl, log: () => {} });
    try {
      const hourRound = roundAt(Date.now() + HOUR_MS - 10_000, SANDBOX_BEACON_CHAIN);
      expect((await get(`${follower.url}/public/${hourRound}`)).status).toBe(200);
      // The portal's clock moved another hour within the second the sandbox keeps its reading.
      aheadMs = 2 * HOUR_MS;
      const movedRound = roundAt(Date.now() + 2 * HOUR_MS - 10_000, SANDBOX_BEACON_CHAIN);
      expect((await get(`${follower.url}/public/${movedRound}`)).body).toEqual(signRound(movedRound));
    } finally {
      aheadMs = HOUR_MS;
      await follower.close();
    }
  });

  it('answers the rounds of the portal an hour ahead, reads its clock at most once a second, keeps it', async () => {
    healthReads = 0;
    const lines: string[] = [];
    const follower = await startBeaconSandbox({ port: 0, portalUrl, log: (line) => lines.push(line) });
    try {
      // Due on the portal's clock (with a few seconds to spare), an hour in the future on ours.
      const portalRound = roundAt(Date.now() + HOUR_MS - 10_000, SANDBOX_BEACON_CHAIN);
      expect(portalRound).toBeGreaterThan(roundAt(Date.now(), SANDBOX_BEACON_CHAIN) + 1000);
      for (let request = 0; request < 5; request++) {
        expect((await get(`${follower.url}/public/${portalRound}`)).body).toEqual(signRound(portalRound));
      }
      expect(healthReads).toBe(1);
      expect((await get(`${follower.url}/public/${portalRound + 10_000}`)).status).toBe(404);
      const latest = (await get(`${follower.url}/public/latest`)).body as { round: number };
      expect(latest.round).toBeGreaterThanOrEqual(portalRound);

      // The portal gone: the offset read last is kept.
      portal.closeAllConnections();
      await new Promise((resolve) => portal.close(resolve));
      await vi.waitFor(
        async () => {
          expect((await get(`${follower.url}/public/${portalRound}`)).body).toEqual(signRound(portalRound));
          expect(lines.join('\n')).toMatch(/clock .* was not read/);
        },
        { timeout: 5000, interval: 200 },
      );
    } finally {
      await follower.close();
    }
  });
});
