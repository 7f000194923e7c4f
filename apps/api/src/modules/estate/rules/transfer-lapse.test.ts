/** A transfer whose transferee never accepts lapses after its clock: the sweep rejects it with the reason and the
 * holder is told; an accepted transfer, or one still within its days, is left alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, serviceRequests, timelineEvents } from '../../../db/schema';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile } from '../../../test/list-fixtures';
import { insertTestPlot, serviceRequestBody } from '../../../test/service-fixtures';
import { lapseTransferOffers, TRANSFER_ACCEPTANCE_DAYS, TRANSFER_LAPSED_REMARKS } from './estate';

const DAY = 24 * 60 * 60 * 1000;

describe(`transfers that lapse (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('rejects an offer left unaccepted past its days, once, and tells the holder; keeps an accepted one', async () => {
    const holder = await entrepreneurWithProfile(ctx, 'Lapsing Holder Works');
    const transferee = await entrepreneurWithProfile(ctx, 'Accepting Transferee Works');
    const offer = async (email: string) => {
      const plot = await insertTestPlot(ctx, { ownerEmail: holder.email, possessionDate: '2026-01-15' });
      const response = await ctx.request(holder.token, {
        method: 'POST',
        url: '/api/service-requests',
        payload: serviceRequestBody('transfer', { allotment_id: plot.allotmentId }, { transferee_email: email }),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const unanswered = await offer('never-registers@example.com');
    const accepted = await offer(transferee.email);
    expect(
      (
        await ctx.request(transferee.token, {
          method: 'POST',
          url: `/api/service-requests/${accepted}/accept-transfer`,
        })
      ).statusCode,
    ).toBe(200);

    // Within its days nothing lapses.
    expect(await lapseTransferOffers(ctx.db, new Date(Date.now() + (TRANSFER_ACCEPTANCE_DAYS - 1) * DAY))).toBe(0);
    const later = new Date(Date.now() + (TRANSFER_ACCEPTANCE_DAYS + 1) * DAY);
    expect(await lapseTransferOffers(ctx.db, later)).toBe(1);
    expect(await lapseTransferOffers(ctx.db, later)).toBe(0);

    const status = async (id: string) =>
      (await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!;
    expect(await status(unanswered)).toMatchObject({ status: 'rejected', remarks: TRANSFER_LAPSED_REMARKS });
    // The timeline says why by a code, for the reader's language, not only by the English remarks.
    const [lapsed] = await ctx.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.entityId, unanswered), eq(timelineEvents.eventCode, 'service_request_updated')));
    expect(lapsed!.params).toMatchObject({ reason: 'transfer_lapsed', days: TRANSFER_ACCEPTANCE_DAYS });
    expect((await status(accepted)).status).toBe('submitted');
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, holder.userId), eq(notifications.code, 'service_request_decided')));
    expect(told.map((n) => n.params.status)).toEqual(['rejected']);
  });
});
