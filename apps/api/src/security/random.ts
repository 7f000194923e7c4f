/** A small seeded PRNG (mulberry32), so a fuzz run can be replayed from its seed. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, below). */
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
}

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: (items) => items[int(items.length)]! };
}
