/** The headers of a list answer and how a client reads them (decision record 006). Kept apart from the zod
 * schemas so the web app's first screen can read pages without loading zod. */

export const LIST_HEADERS = {
  total: 'X-Total-Count',
  totalCapped: 'X-Total-Count-Capped',
  nextCursor: 'X-Next-Cursor',
  link: 'Link',
} as const;

/** What a client reads from a list answer's headers. */
export interface PageInfo {
  total: number;
  /** True when the total was counted only up to LIST_LIMITS.countCap. */
  totalCapped: boolean;
  nextCursor: string | null;
}

export function readPageInfo(headers: { get(name: string): string | null }): PageInfo {
  const total = Number(headers.get(LIST_HEADERS.total) ?? '0');
  return {
    total: Number.isFinite(total) ? total : 0,
    totalCapped: headers.get(LIST_HEADERS.totalCapped) === 'true',
    nextCursor: headers.get(LIST_HEADERS.nextCursor),
  };
}
