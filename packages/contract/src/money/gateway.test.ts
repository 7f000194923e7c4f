import { describe, expect, it } from 'vitest';
import { paymentOriginFrom, paymentOriginPath, paymentOriginQuery } from './gateway';

const ID = 'e0000000-0000-4000-8000-000000000001';

describe("a payment's origin", () => {
  it("goes to the route's own path and back through the return page's query", () => {
    const origin = { route: 'schemeDetail', id: ID } as const;
    expect(paymentOriginQuery(origin)).toBe(`from=schemeDetail&from_id=${ID}`);
    const query = Object.fromEntries(
      paymentOriginQuery(origin)
        .split('&')
        .map((pair) => pair.split('=')),
    );
    expect(paymentOriginFrom(query)).toEqual(origin);
    expect(paymentOriginPath(origin)).toBe(`/schemes/${ID}`);
    expect(paymentOriginPath({ route: 'myPlots' })).toBe('/allotments');
    expect(paymentOriginFrom({ from: 'myPlots' })).toEqual({ route: 'myPlots' });
  });

  it('is never an address: unknown routes, ids that are not UUIDs and missing ids are ignored', () => {
    for (const query of [
      { from: 'https://evil.example' },
      { from: 'login' },
      { from: 'schemeDetail' },
      { from: 'schemeDetail', from_id: '../../login' },
      { from: 'myPlots', from_id: ID },
      { from: ['myPlots'] },
      {},
    ]) {
      expect(paymentOriginFrom(query), JSON.stringify(query)).toBeNull();
    }
  });
});
