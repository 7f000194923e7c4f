/** Human numbers take their year from the business calendar, not UTC: at 00:30 IST on 1 January (still 31 December
 * in UTC) a new number already carries the new year. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { nextNumber } from './counters';

describe(`human numbers (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('counts per business year, and the IST new year starts a new sequence', async () => {
    const lastEvening = new Date('2030-12-31T18:00:00Z'); // 23:30 on 31 Dec 2030 in India
    const newYear = new Date('2030-12-31T19:00:00Z'); // 00:30 on 1 Jan 2031 in India, still 2030 in UTC
    expect(await nextNumber(ctx.db, 'meeting', lastEvening)).toBe('MTG-2030-0001');
    expect(await nextNumber(ctx.db, 'meeting', lastEvening)).toBe('MTG-2030-0002');
    expect(await nextNumber(ctx.db, 'meeting', newYear)).toBe('MTG-2031-0001');
  });
});
