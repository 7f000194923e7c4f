import { describe, expect, it } from 'vitest';
import { formatRupees, rupeesInputValue } from '../format';
import { minimumNextBid } from './schemes';

describe('the lowest bid an auction takes', () => {
  it('is the reserve price before any bid, then the highest bid plus the increment, to the paisa', () => {
    expect(minimumNextBid({ reserve_price: 1_812_345.5, highest_bid: null }, 20_000)).toBe(1_812_345.5);
    expect(minimumNextBid({ reserve_price: 1_812_345.5, highest_bid: 1_812_345.5 }, 20_000)).toBe(1_832_345.5);
    // Binary sums drift (0.1 + 0.2 is 0.30000000000000004); the server compares bids with what it shows.
    expect(minimumNextBid({ reserve_price: 0.1, highest_bid: 0.1 }, 0.2)).toBe(0.3);
  });

  it("reads the same in the room's hint and its box", () => {
    const minimum = minimumNextBid({ reserve_price: 1_812_345.5, highest_bid: 1_812_345.5 }, 20_000);
    expect(formatRupees(minimum)).toBe('₹18,32,345.50');
    expect(rupeesInputValue(minimum)).toBe('1832345.50');
  });
});
