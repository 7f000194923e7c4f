/**
 * The draw of lots (decision 018): a deterministic function of the revealed seed and the published qualified list,
 * so anyone can recompute it (docs/verify-draw.mjs is the same function in plain Node).
 * - stream: block_i = SHA-256(seed bytes || uint32_be(i)), i = 0, 1, 2, ...; 4-byte big-endian unsigned integers are
 *   read from the blocks in turn;
 * - uniform(n): limit = floor(2^32 / n) * n; take the next integer x until x < limit; answer x mod n;
 * - Fisher-Yates over the list in its published order: for i from len-1 down to 1, j = uniform(i + 1), swap a[i], a[j].
 * The allocation over an order (the drawn one, or first come's list) is allocate() below.
 */
import { createHash } from 'node:crypto';
import { qualifiedListText, type SchemeMode } from '@portal/contract';

/** The draw's stream of 32-bit integers from the seed. */
export function integerStream(seedHex: string): () => number {
  const seed = Buffer.from(seedHex, 'hex');
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      const index = Buffer.alloc(4);
      index.writeUInt32BE(counter++);
      block = createHash('sha256')
        .update(Buffer.concat([seed, index]))
        .digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
}

/** A uniform integer in [0, n) by rejection, so no value is likelier than another. */
export function uniformFrom(next: () => number): (n: number) => number {
  return (n) => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = next();
      if (x < limit) return x % n;
    }
  };
}

/** The drawn order of `list` (taken in its published order). */
export function drawOrder<T>(seedHex: string, list: readonly T[]): T[] {
  const order = [...list];
  const uniform = uniformFrom(integerStream(seedHex));
  for (let i = order.length - 1; i >= 1; i--) {
    const j = uniform(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** SHA-256 (hex) of the frozen qualified list's text (contract qualifiedListText), published at the close. */
export function qualifiedListHash(
  list: readonly { listPosition: number; applicationNumber: string; plotCode: string; category: string }[],
): string {
  const text = qualifiedListText(
    list.map((line) => ({
      position: line.listPosition,
      application_number: line.applicationNumber,
      plot_code: line.plotCode,
      category: line.category,
    })),
  );
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The order's seed once the beacon's round is had (decision 034): SHA-256(committed seed || the round's randomness
 * || SHA-256 of the frozen qualified list), each as its bytes. */
export function beaconDrawSeed(committedSeedHex: string, randomnessHex: string, qualifiedHashHex: string): string {
  return createHash('sha256')
    .update(
      Buffer.concat([
        Buffer.from(committedSeedHex, 'hex'),
        Buffer.from(randomnessHex, 'hex'),
        Buffer.from(qualifiedHashHex, 'hex'),
      ]),
    )
    .digest('hex');
}

/** SHA-256 of the seed's bytes, in hex: the commitment published when the scheme opens. */
export function commitmentOf(seedHex: string): string {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

export interface Contender {
  applicationId: string;
  plotId: string;
  category: string;
}

/** Why a plot reserved for a category went to a winner of another: the allocation's pass 2 gives it to the general
 * order only when no qualified application of its category asked for it. Null when nothing needs saying. */
export function generalOrderReason(
  reservedFor: string | null | undefined,
  winnerCategory: string,
): 'reserved_category_absent' | null {
  return reservedFor && reservedFor !== winnerCategory ? 'reserved_category_absent' : null;
}

/** Why a scheme's winner holds a plot reserved for another category: the draw and first come give such a plot to the
 * general order only when no qualified application of its category asked for it. An auction's bids decide alone, so
 * it claims no reason. */
export function winnerReason(
  mode: SchemeMode,
  reservedFor: string | null | undefined,
  winnerCategory: string,
): 'reserved_category_absent' | null {
  return mode === 'auction' ? null : generalOrderReason(reservedFor, winnerCategory);
}

/**
 * Who gets each plot, over an order: pass 1, each entry in order wins its plot if the plot is still free and not
 * reserved, or reserved for the entry's category; pass 2, each entry not yet placed, in order, wins its plot if still
 * free (a reserved plot nobody of its category applied for). Answers each entry with its place in the order (1-based),
 * whether it won and, for a winner of a reserved plot not of its category, why (generalOrderReason).
 */
export function allocate<T extends Contender>(
  order: readonly T[],
  reservedFor: ReadonlyMap<string, string | null>,
): { entry: T; rank: number; won: boolean; reason: 'reserved_category_absent' | null }[] {
  const taken = new Set<string>();
  const winners = new Set<number>();
  order.forEach((entry, index) => {
    const reserved = reservedFor.get(entry.plotId) ?? null;
    if (!taken.has(entry.plotId) && (reserved === null || reserved === entry.category)) {
      taken.add(entry.plotId);
      winners.add(index);
    }
  });
  order.forEach((entry, index) => {
    if (!winners.has(index) && !taken.has(entry.plotId)) {
      taken.add(entry.plotId);
      winners.add(index);
    }
  });
  return order.map((entry, index) => {
    const won = winners.has(index);
    const reason = won ? generalOrderReason(reservedFor.get(entry.plotId), entry.category) : null;
    return { entry, rank: index + 1, won, reason };
  });
}
