/** Reading a draw's round (decision 034): a round of a real drand network verifies; one byte changed, another round,
 * or a malformed answer is refused; a round not due yet is not asked for; a 404 is a round not made yet, and an error
 * or a beacon that never answers is unreachable. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconRoundTime, type BeaconChain } from '@portal/contract';
import { httpBeaconSource, readBeaconRound, type BeaconSource } from './beacon';

/** A round of drand's "walkthrough" chain (bls-unchained-g1-rfc9380, quicknet's scheme), as drand-client's own tests
 * carry it: made by drand's nodes, not by this project. */
const WALKTHROUGH: BeaconChain = {
  url: 'http://127.0.0.1:9',
  hash: 'af8b6fc95693b058a3a59efe586eb31c2c352fe00cf40c62a427d87c34f7a235',
  public_key:
    '81d320f220ee9c79e60e19dedc838c31e3ab919b15481e9feb52f643628c4f6a13fdc52129493875a818109d767272ca0541cbcdcea9335f2870d781b39b845ba8cbd44fdfe4967781cf72ca5917fc9398bcf97ca0548ed5a709016c4b1ff0f3',
  period: 3,
  genesis_time: 1687506816,
  scheme_id: 'bls-unchained-g1-rfc9380',
  beacon_id: 'walkthrough',
};
const ROUND_38 = {
  round: 38,
  randomness: 'b2fc21325a24904a6a9e81a6c63f65f6cec3f0b2400df3f4a56b214770e9ccca',
  signature: '95c93585c513ebbcb4777ff15599b3140e5ec0295faa0e483f3deadd88fa6d43f0d3703e3a4ce106e8fd6c6987f32126',
};
const later = new Date(beaconRoundTime(38, WALKTHROUGH) + 60_000);
const answering =
  (answer: unknown): BeaconSource =>
  async () =>
    answer;

describe("reading a draw's beacon round", () => {
  it("verifies a round of drand's own network with its public key", async () => {
    expect(await readBeaconRound(answering(ROUND_38), WALKTHROUGH, 38, later)).toEqual({ ok: true, round: ROUND_38 });
  });

  it('refuses the round with one byte of its signature changed, or its randomness, or another round', async () => {
    const signature = `${ROUND_38.signature.slice(0, 94)}${ROUND_38.signature.endsWith('26') ? '27' : '26'}`;
    const cases = [
      { ...ROUND_38, signature },
      { ...ROUND_38, randomness: `00${ROUND_38.randomness.slice(2)}` },
      { ...ROUND_38, round: 39 },
      { round: 38, randomness: 'not hex' },
    ];
    for (const answer of cases) {
      expect(await readBeaconRound(answering(answer), WALKTHROUGH, 38, later)).toMatchObject({
        ok: false,
        reason: 'round_invalid',
      });
    }
  });

  it("does not ask for a round before its time on the portal's clock", async () => {
    let asked = false;
    const source: BeaconSource = async () => {
      asked = true;
      return ROUND_38;
    };
    const early = new Date(beaconRoundTime(38, WALKTHROUGH) - 1);
    expect(await readBeaconRound(source, WALKTHROUGH, 38, early)).toMatchObject({ ok: false, reason: 'round_not_yet' });
    expect(asked).toBe(false);
  });

  describe('over HTTP', () => {
    let server: http.Server;
    let url: string;
    beforeAll(async () => {
      server = http.createServer((request, response) => {
        if (request.url === '/public/38') return void response.writeHead(200).end(JSON.stringify(ROUND_38));
        if (request.url === '/public/40') return void response.writeHead(404).end('{"error":"future beacon"}');
        if (request.url === '/public/41') return void response.writeHead(500).end();
        // Any other round: never answered.
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('reads a round, calls a 404 not made yet, an error or silence unreachable', async () => {
      const source = httpBeaconSource(300);
      const chain = { ...WALKTHROUGH, url };
      const at = new Date(beaconRoundTime(50, WALKTHROUGH));
      expect(await readBeaconRound(source, chain, 38, at)).toEqual({ ok: true, round: ROUND_38 });
      expect(await readBeaconRound(source, chain, 40, at)).toMatchObject({ ok: false, reason: 'round_not_yet' });
      expect(await readBeaconRound(source, chain, 41, at)).toMatchObject({ ok: false, reason: 'beacon_unreachable' });
      expect(await readBeaconRound(source, chain, 42, at)).toMatchObject({ ok: false, reason: 'beacon_unreachable' });
    });
  });
});
