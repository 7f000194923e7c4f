/** A draw waits for its beacon round (decision 034): asked for before the round is made, with the beacon down, or
 * answered a round whose signature does not verify, the draw does not run (202, the reason on the scheme, no seed
 * revealed); the draw sweep runs it as the officer who asked once the true round is had. A false round is never used,
 * and the head office is told once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signRound } from '@portal/beacon-sandbox';
import { beaconRoundAt, SCHEME_PATHS, type PublicScheme, type SchemeDetail } from '@portal/contract';
import { clock } from '../../../core/clock';
import { notifications, schemes } from '../../../db/schema';
import { DEMO_USERS } from '../../../demo/seed';
import { closedDraw } from '../../../test/scheme-fixtures';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { drawWaitingSchemes } from './service';

describe(`a draw and its beacon round (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ho: string;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext({ clockMovable: true });
    ho = await ctx.tokenFor('ho');
    admin = await ctx.tokenFor('admin');
  });
  afterAll(() => ctx.close());

  const decide = (id: string) => ctx.request(ho, { method: 'POST', url: `/api${SCHEME_PATHS.decide(id)}` });
  const read = async (id: string) =>
    (await ctx.request(ho, { method: 'GET', url: `/api${SCHEME_PATHS.one(id)}` })).json() as SchemeDetail;
  const publicRecord = async (number: string) =>
    (await ctx.request(null, { method: 'GET', url: `/api${SCHEME_PATHS.public(number)}` })).json() as PublicScheme;
  const sweep = () => drawWaitingSchemes(ctx.db, ctx.app.drawBeacon);

  function expectNotDrawn(scheme: SchemeDetail) {
    expect(scheme.status).toBe('closed');
    expect(scheme.seed).toBeNull();
    expect(scheme.beacon_round).toBeNull();
  }

  it('waits while the round is not made, then the sweep draws it once the clock passes the round', async () => {
    const scheme = await closedDraw(ctx, { title: 'Round to come', plotCount: 1, categories: ['general', 'general'] });
    // The round named for a close that is still to come, 10 minutes ahead of the portal's clock.
    const ahead = beaconRoundAt(clock.now().getTime(), scheme.beacon!.chain) + 200;
    await ctx.db.update(schemes).set({ beaconRound: ahead }).where(eq(schemes.id, scheme.id));

    const asked = await decide(scheme.id);
    expect(asked.statusCode, asked.body).toBe(202);
    const waiting = asked.json() as SchemeDetail;
    expectNotDrawn(waiting);
    expect(waiting.draw_wait).toMatchObject({ reason: 'round_not_yet' });
    expect(await sweep()).toBe(0);
    expect((await read(scheme.id)).status).toBe('closed');

    const moved = await ctx.request(admin, {
      method: 'POST',
      url: '/api/admin/clock/advance',
      payload: { minutes: 11 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sweep()).toBe(1);
    const decided = await read(scheme.id);
    expect(decided.status).toBe('decided');
    expect(decided.draw_wait).toBeNull();
    expect(decided.decided_by_name).toBe(DEMO_USERS.find((user) => user.role === 'ho')!.fullName);
    expect(decided.beacon_round).toEqual(signRound(ahead));
    expect((await publicRecord(scheme.scheme_number)).beacon_round).toEqual(signRound(ahead));
  });

  it('waits while the beacon is down, trying again each sweep, and draws when it answers again', async () => {
    const scheme = await closedDraw(ctx, { title: 'Beacon down', plotCount: 1, categories: ['general', 'women'] });
    ctx.beacon.setFault('down');
    try {
      const asked = await decide(scheme.id);
      expect(asked.statusCode, asked.body).toBe(202);
      expectNotDrawn(asked.json());
      expect((asked.json() as SchemeDetail).draw_wait).toMatchObject({ reason: 'beacon_unreachable' });
      expect(await sweep()).toBe(0);
      expect((await read(scheme.id)).draw_wait).toMatchObject({ reason: 'beacon_unreachable' });
    } finally {
      ctx.beacon.setFault('none');
    }
    expect(await sweep()).toBe(1);
    const decided = await read(scheme.id);
    expect(decided.status).toBe('decided');
    expect(decided.beacon_round).toEqual(signRound(scheme.beacon!.round));
  });

  it('refuses a round signed with another key: never used, the head office told once, the true round drawn later', async () => {
    const scheme = await closedDraw(ctx, { title: 'Forged round', plotCount: 1, categories: ['general', 'sc'] });
    ctx.beacon.setFault('forged');
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const asked = await decide(scheme.id);
        expect(asked.statusCode, asked.body).toBe(202);
        expectNotDrawn(asked.json());
        expect((asked.json() as SchemeDetail).draw_wait).toMatchObject({ reason: 'round_invalid' });
      }
      expect(await sweep()).toBe(0);
      const [row] = await ctx.db.select().from(schemes).where(eq(schemes.id, scheme.id));
      expect(row!.beaconRandomness).toBeNull();
      expect(row!.revealedSeed).toBeNull();
      const told = await ctx.db.select().from(notifications).where(eq(notifications.code, 'beacon_round_refused'));
      const aboutThis = told.filter((row) => row.params?.scheme_number === scheme.scheme_number);
      expect(aboutThis.length).toBeGreaterThan(0);
      expect(new Set(aboutThis.map((row) => row.userId)).size).toBe(aboutThis.length);
      expect(aboutThis[0]!.params).toMatchObject({ round: scheme.beacon!.round, beacon_id: 'portal-sandbox' });
      expect((await publicRecord(scheme.scheme_number)).beacon_round).toBeNull();
    } finally {
      ctx.beacon.setFault('none');
    }
    expect(await sweep()).toBe(1);
    expect((await read(scheme.id)).beacon_round).toEqual(signRound(scheme.beacon!.round));
  });

  it('decides once: a draw already decided answers 409 and the sweep leaves it', async () => {
    const scheme = await closedDraw(ctx, { title: 'Decided once', plotCount: 1, categories: ['general'] });
    expect((await decide(scheme.id)).statusCode).toBe(200);
    const again = await decide(scheme.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('scheme_decided');
    expect(await sweep()).toBe(0);
  });
});
