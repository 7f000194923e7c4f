/**
 * The auction's live view across processes (decision 018, "The e-auction").
 *
 * A bid's transaction sends `pg_notify('auction_bids', {scheme_id, plot_id, sequence})`, which PostgreSQL delivers
 * only when it commits. Each API process keeps one listening connection (`LISTEN auction_bids`), opened when its first
 * viewer arrives, and fans each notice out to its own viewers: it reads the lot once per notice (and the bids after
 * the last it knew, bids being append-only and numbered), never once per viewer, and works out each viewer's own bid
 * and rank from the best bid per application it keeps for the lot. Notices that arrive while a lot is being read are
 * folded into one more read, so a burst of bids costs a few reads, and a viewer sees the latest state with its
 * sequence (a client tells a gap by it).
 *
 * PGlite runs in this one process: the same notices are handed to this process's relays right after the commit
 * (`announceCommitted`), through the same interface. A lost listening connection is opened again, and every lot
 * read again, since notices sent meanwhile are gone.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { minimumNextBid, type LiveLot } from '@portal/contract';
import type { Database } from '../../../db/client';
import { bestBidsOfLots, bidsAfter, findLot, findLotsOfScheme, lotEnd, type LotRow } from '../repositories/auctions';
import { clock } from '../../../core/clock';

export const AUCTION_CHANNEL = 'auction_bids';

/** What a notice says: the lot that changed and its bid count after the change. */
export interface LotNotice {
  scheme_id: string;
  plot_id: string;
  sequence: number;
}

/** A notice, or null: notices may have been missed (the listening connection was lost), so read everything again. */
type NoticeListener = (notice: LotNotice | null) => void;

const clientOf = (db: Database) => (db as unknown as { $client: unknown }).$client;
const isPostgres = (db: Database) => clientOf(db) instanceof pg.Pool;

/** Sends the notice with the transaction `tx`: it leaves only if the transaction commits. */
export async function announceInTransaction(tx: Database, notice: LotNotice): Promise<void> {
  await tx.execute(sql`select pg_notify(${AUCTION_CHANNEL}, ${JSON.stringify(notice)})`);
}

/** PGlite's relays by the database they read (every one is in this process). */
const localRelays = new WeakMap<object, Set<NoticeListener>>();

/** After the commit of a transaction that announced `notice`: on PGlite, hands it to this process's relays (on
 * PostgreSQL the server delivers it to every process's listening connection, this one's included). */
export function announceCommitted(db: Database, notice: LotNotice): void {
  if (isPostgres(db)) return;
  for (const listener of localRelays.get(clientOf(db) as object) ?? []) listener(notice);
}

export interface AuctionRelay {
  /** Starts listening (once), then calls `listener` with every notice; answers how to stop. */
  listen(listener: NoticeListener): Promise<() => void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/** One listening connection to PostgreSQL for this process, opened on first use and kept open. */
function postgresRelay(pool: pg.Pool, log: (message: string) => void): AuctionRelay {
  const listeners = new Set<NoticeListener>();
  let client: pg.Client | undefined;
  let opening: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const emit = (notice: LotNotice | null) => {
    for (const listener of listeners) listener(notice);
  };

  /** Tries again every second until the connection is back; then every watched lot is read again. */
  function reconnectLater() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      open().then(
        () => emit(null),
        () => reconnectLater(),
      );
    }, RECONNECT_MS);
    retry.unref();
  }

  function lost(which: pg.Client, reason: string) {
    if (client !== which || closed) return;
    client = undefined;
    which.end().catch(() => {});
    log(`The auction's listening connection was lost (${reason}); it is opened again`);
    reconnectLater();
  }

  function open(): Promise<void> {
    if (client) return Promise.resolve();
    opening ??= (async () => {
      const next = new pg.Client(pool.options);
      next.on('notification', (message) => {
        if (message.channel !== AUCTION_CHANNEL || !message.payload) return;
        try {
          emit(JSON.parse(message.payload) as LotNotice);
        } catch {
          // Not ours to read: nothing to relay.
        }
      });
      // Heard only once it is this process's listening connection (see `lost`).
      next.on('error', (error) => lost(next, error.message));
      next.on('end', () => lost(next, 'ended'));
      try {
        await next.connect();
        await next.query(`LISTEN ${AUCTION_CHANNEL}`);
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      }
      if (closed) await next.end().catch(() => {});
      else client = next;
    })().finally(() => {
      opening = undefined;
    });
    return opening;
  }

  return {
    async listen(listener) {
      listeners.add(listener);
      if (!client) await open();
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listeners.clear();
      await opening?.catch(() => {});
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}

function localRelay(db: Database): AuctionRelay {
  const key = clientOf(db) as object;
  const mine = new Set<NoticeListener>();
  return {
    async listen(listener) {
      let relays = localRelays.get(key);
      if (!relays) localRelays.set(key, (relays = new Set()));
      relays.add(listener);
      mine.add(listener);
      return () => {
        relays.delete(listener);
        mine.delete(listener);
      };
    },
    async close() {
      for (const listener of mine) localRelays.get(key)?.delete(listener);
      mine.clear();
    },
  };
}

export function createAuctionRelay(db: Database, log: (message: string) => void = () => {}): AuctionRelay {
  const client = clientOf(db);
  return client instanceof pg.Pool ? postgresRelay(client, log) : localRelay(db);
}

/** Whether bids are taken on the lot at `now`. */
export function isRunning(lot: LotRow, now: Date): boolean {
  const end = lotEnd(lot);
  return (
    lot.mode === 'auction' &&
    lot.status === 'closed' &&
    lot.winnerApplicationId === null &&
    lot.auctionStartsAt !== null &&
    end !== null &&
    lot.auctionStartsAt <= now &&
    now < end
  );
}

/** The lot as one viewer sees it. */
export function liveLotOf(lot: LotRow, now: Date, yours: { bid: number | null; rank: number | null }): LiveLot {
  const end = lotEnd(lot);
  return {
    scheme_id: lot.schemeId,
    plot_id: lot.id,
    plot_code: lot.assetCode,
    highest_bid: lot.highestBid,
    bid_count: lot.bidCount,
    minimum_next_bid: minimumNextBid(
      { reserve_price: lot.reservePrice ?? 0, highest_bid: lot.highestBid },
      lot.increment ?? 0,
    ),
    ends_at: (end ?? now).toISOString(),
    server_time: now.toISOString(),
    running: isRunning(lot, now),
    your_bid: yours.bid,
    your_rank: yours.rank,
    sequence: lot.bidCount,
  };
}

/** A lot as this process knows it: its row, and each application's best bid (distinct amounts: no two bids on a lot
 * are equal), kept sorted highest first so a viewer's rank is one binary search. */
class LotBook {
  private readonly best = new Map<string, number>();
  private sorted: number[] = [];
  constructor(public row: LotRow) {}

  get sequence(): number {
    return this.row.bidCount;
  }

  takeBid(applicationId: string, amount: number): void {
    const before = this.best.get(applicationId);
    if (before !== undefined && before >= amount) return;
    this.best.set(applicationId, amount);
    if (before !== undefined) this.sorted.splice(this.indexOf(before), 1);
    this.sorted.splice(this.countAbove(amount), 0, amount);
  }

  /** How many best bids are higher than `amount`. */
  private countAbove(amount: number): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.sorted[middle]! > amount) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private indexOf(amount: number): number {
    return this.countAbove(amount);
  }

  yours(applicationId: string | undefined): { bid: number | null; rank: number | null } {
    const bid = applicationId === undefined ? undefined : this.best.get(applicationId);
    return bid === undefined ? { bid: null, rank: null } : { bid, rank: this.countAbove(bid) + 1 };
  }
}

/** A viewer of one scheme's live view: their applications by lot (for their own bid and rank), and where to send. */
export interface Viewer {
  applicationsByPlot: ReadonlyMap<string, string>;
  send(lot: LiveLot): void;
}

/** One scheme's lots as this process knows them while someone watches, and its viewers. Reads run one at a time. */
class SchemeBook {
  readonly viewers = new Set<Viewer>();
  readonly lots = new Map<string, LotBook>();
  private readonly dirty = new Set<string>();
  private scheduled = false;
  private queue: Promise<void> = Promise.resolve();
  loaded = false;

  constructor(
    readonly schemeId: string,
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  run(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    this.queue = next.catch(this.onError);
    return next;
  }

  async load(): Promise<void> {
    const rows = await findLotsOfScheme(this.db, this.schemeId);
    const best = await bestBidsOfLots(
      this.db,
      rows.map((row) => row.id),
    );
    this.lots.clear();
    for (const row of rows) this.lots.set(row.id, new LotBook(row));
    for (const bid of best) this.lots.get(bid.plotId)?.takeBid(bid.applicationId, bid.amount);
    this.loaded = true;
  }

  /** A lot changed (or, with null, any may have): one more read, unless one is already waiting to run. */
  changed(plotId: string | null): void {
    if (plotId === null) for (const id of this.lots.keys()) this.dirty.add(id);
    else this.dirty.add(plotId);
    if (this.scheduled) return;
    this.scheduled = true;
    void this.run(async () => {
      this.scheduled = false;
      const plots = [...this.dirty];
      this.dirty.clear();
      for (const plotId of plots) await this.refresh(plotId);
    });
  }

  private async refresh(plotId: string): Promise<void> {
    const book = this.lots.get(plotId);
    if (!book) return;
    const row = await findLot(this.db, plotId);
    if (!row) return;
    for (const bid of await bidsAfter(this.db, plotId, book.sequence)) book.takeBid(bid.applicationId, bid.amount);
    book.row = row;
    const now = clock.now();
    for (const viewer of this.viewers)
      viewer.send(liveLotOf(row, now, book.yours(viewer.applicationsByPlot.get(plotId))));
  }

  snapshotFor(viewer: Viewer): LiveLot[] {
    const now = clock.now();
    return [...this.lots.values()].map((book) =>
      liveLotOf(book.row, now, book.yours(viewer.applicationsByPlot.get(book.row.id))),
    );
  }
}

/** This process's live view of every scheme someone watches. */
export interface LiveHub {
  /** Adds a viewer: it gets every lot now (the snapshot), then each change. Answers how to remove it. */
  watch(schemeId: string, viewer: Viewer): Promise<() => void>;
  close(): Promise<void>;
}

export function createLiveHub(db: Database, relay: AuctionRelay, onError: (error: unknown) => void): LiveHub {
  const books = new Map<string, SchemeBook>();
  let stopListening: (() => void) | undefined;
  let starting: Promise<void> | undefined;

  const onNotice: NoticeListener = (notice) => {
    if (notice === null) {
      for (const book of books.values()) book.changed(null);
      return;
    }
    books.get(notice.scheme_id)?.changed(notice.plot_id);
  };

  return {
    async watch(schemeId, viewer) {
      // Listening before the snapshot is read, so no change between the two is missed.
      starting ??= relay.listen(onNotice).then((stop) => {
        stopListening = stop;
      });
      try {
        await starting;
      } catch (error) {
        starting = undefined;
        throw error;
      }
      let book = books.get(schemeId);
      if (!book) books.set(schemeId, (book = new SchemeBook(schemeId, db, onError)));
      const watched = book;
      watched.viewers.add(viewer);
      try {
        await watched.run(async () => {
          if (!watched.loaded) await watched.load();
          for (const lot of watched.snapshotFor(viewer)) viewer.send(lot);
        });
      } catch (error) {
        watched.viewers.delete(viewer);
        throw error;
      }
      return () => {
        watched.viewers.delete(viewer);
        if (watched.viewers.size === 0 && books.get(schemeId) === watched) books.delete(schemeId);
      };
    },
    async close() {
      stopListening?.();
      books.clear();
      await relay.close();
    },
  };
}
