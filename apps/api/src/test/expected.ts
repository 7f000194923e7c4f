/** Expected values a test works out on its own, not by the code under test (so a wrong rule there cannot agree with
 * itself): the fee rules' figures are written as numbers in the tests, and a due date is counted here. */

/** The day `days` calendar days after today in India (UTC+05:30 all year: India keeps no daylight saving). */
export function indiaDayAfter(days: number, now = Date.now()): string {
  const day = new Date(now + 330 * 60_000);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The fee of each allottee service for the particulars of TEST_PARTICULARS (a subletting of 12 months), as the
 * corporation's table of services states it: a fixed amount with GST, or a share of the plot's valuation. */
export function expectedServiceFee(type: string, valuation: number): number {
  const fees: Record<string, number> = {
    change_name: 5_900,
    change_constitution: 11_800,
    transfer: valuation * 0.1,
    mortgage_noc: 5_900,
    subletting: valuation * 0.05,
    withdrawal: 0,
    activity_change: 11_800,
    eot: valuation * 0.02,
  };
  const fee = fees[type];
  if (fee === undefined) throw new Error(`No expected fee is written for ${type}`);
  return fee;
}
