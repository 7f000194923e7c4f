/** Schemes, lots and public records as the API answers them, for this feature's component tests. */
import type { BeaconChain, LiveLot, PublicScheme, SchemeBeacon, SchemeDetail, SchemePlot } from '@portal/contract';

export const SCHEME_ID = '51000000-0000-4000-8000-000000000001';
export const PLOT_ID = '52000000-0000-4000-8000-000000000001';
export const ASSET_ID = '53000000-0000-4000-8000-000000000001';
export const APPLICATION_ID = '54000000-0000-4000-8000-000000000001';

/** drand's quicknet as the API pins it: a round every 3 seconds from its genesis. */
export const QUICKNET: BeaconChain = {
  url: 'https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  public_key:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  period: 3,
  genesis_time: 1692803367,
  scheme_id: 'bls-unchained-g1-rfc9380',
  beacon_id: 'quicknet',
};

/** The round a draw closing at 2026-12-05T12:30Z names: the first made after the close. */
export const DRAW_BEACON: SchemeBeacon = { chain: QUICKNET, round: 34_556_813, round_at: '2026-12-05T12:30:03.000Z' };

export function plotFixture(overrides: Partial<SchemePlot> = {}): SchemePlot {
  return {
    id: PLOT_ID,
    asset_id: ASSET_ID,
    asset_code: 'HYD-PL-101',
    zone: 'Hyderabad North',
    location: 'Patancheru IDA',
    total_area: 1000,
    unit: 'sqm',
    valuation: 2_000_000,
    reserved_for: null,
    reserve_price: 2_500_000,
    emd: 250_000,
    ends_at: '2026-12-10T10:00:00.000Z',
    highest_bid: null,
    bid_count: 0,
    winner_application_number: null,
    winning_amount: null,
    winner_reason: null,
    ...overrides,
  };
}

export function schemeFixture(overrides: Partial<SchemeDetail> = {}): SchemeDetail {
  return {
    id: SCHEME_ID,
    scheme_number: 'SCH-2026-000001',
    title: 'Patancheru phase two plots',
    mode: 'auction',
    status: 'closed',
    opens_at: '2026-12-01T04:30:00.000Z',
    closes_at: '2026-12-05T12:30:00.000Z',
    accepting: false,
    reservations: [],
    min_investment: null,
    increment: 10_000,
    auction_starts_at: '2026-12-10T04:30:00.000Z',
    auction_ends_at: '2026-12-10T10:00:00.000Z',
    extension_window_minutes: 5,
    extension_minutes: 5,
    participation_fee: 5900,
    commitment: 'a'.repeat(64),
    seed: null,
    // An auction names no beacon round; the tests of a draw give it DRAW_BEACON.
    beacon: null,
    beacon_round: null,
    qualified_hash: 'b'.repeat(64),
    draw_wait: null,
    plots: [plotFixture()],
    application_count: 3,
    qualified_count: 3,
    closed_at: '2026-12-05T12:31:00.000Z',
    decided_at: null,
    decided_by_name: null,
    created_at: '2026-11-20T04:30:00.000Z',
    my_entries: [
      {
        application_id: APPLICATION_ID,
        application_number: 'APP-2026-000101',
        plot_id: PLOT_ID,
        plot_code: 'HYD-PL-101',
        qualified: true,
        outcome: null,
        emd_forfeited: false,
      },
    ],
    ...overrides,
  };
}

export function lotFixture(overrides: Partial<LiveLot> = {}): LiveLot {
  return {
    scheme_id: SCHEME_ID,
    plot_id: PLOT_ID,
    plot_code: 'HYD-PL-101',
    highest_bid: null,
    bid_count: 0,
    minimum_next_bid: 2_500_000,
    ends_at: '2026-12-10T10:00:00.000Z',
    server_time: '2026-12-10T09:50:00.000Z',
    running: true,
    your_bid: null,
    your_rank: null,
    sequence: 0,
    ...overrides,
  };
}

export function publicSchemeFixture(overrides: Partial<PublicScheme> = {}): PublicScheme {
  return {
    scheme_number: 'SCH-2026-000002',
    title: 'Kakinada food park plots',
    mode: 'draw',
    status: 'decided',
    opens_at: '2026-11-01T04:30:00.000Z',
    closes_at: '2026-11-15T12:30:00.000Z',
    commitment: 'c'.repeat(64),
    seed: 'd'.repeat(64),
    // The first round after the close at 12:30, its randomness SHA-256 of its signature; the list's hash is SHA-256 of
    // the qualified list below, and the order's seed SHA-256(seed || randomness || list hash).
    beacon: { chain: QUICKNET, round: 33_980_813, round_at: '2026-11-15T12:30:03.000Z' },
    beacon_round: {
      round: 33_980_813,
      randomness: '2e2f2429b9831974e0d665cef3de94a6786a3b085f70e19f1cdfba57240aefdc',
      signature: '8f3a61c0d92b47e5a1c6f08b3d7e2954c1a8b6f03e9d2c75b4a1e60f8d3c297a5b0e4f16c8d2a39e7f1b5c04d6a8e2f3',
    },
    qualified_hash: 'fbbe463716c4fb11436988538ffe87cf1f49765f3cd0f2648eb916e82cf71167',
    draw_seed: '4b442348d0345abdc689fc0453d59b08ff32340a2f809a316a5b2af9d2462e45',
    // Reserved for SC, and no SC application qualified: the plot went to the general order, and the record says so.
    plots: [{ plot_code: 'KKD-PL-007', reserved_for: 'sc', reserve_price: null }],
    qualified: [
      { position: 1, application_number: 'APP-2026-000201', plot_code: 'KKD-PL-007', category: 'women' },
      { position: 2, application_number: 'APP-2026-000202', plot_code: 'KKD-PL-007', category: 'general' },
    ],
    result: [
      {
        application_number: 'APP-2026-000202',
        plot_code: 'KKD-PL-007',
        outcome: 'won',
        rank: 1,
        amount: null,
        reason: 'reserved_category_absent',
      },
      {
        application_number: 'APP-2026-000201',
        plot_code: 'KKD-PL-007',
        outcome: 'lost',
        rank: 2,
        amount: null,
        reason: null,
      },
    ],
    bids: null,
    decided_at: '2026-11-16T06:00:00.000Z',
    verification_code: 'VRF7K2M9Q4',
    ...overrides,
  };
}

/** A Server-Sent Events body the test writes to: `send` a lot, `drop` the connection. */
export function sseStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(control) {
      controller = control;
    },
  });
  return {
    response: () =>
      new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    /** Sends a lot, split over two chunks to show a half-received event waits for its end. */
    send(lot: LiveLot) {
      const text = `event: lot\ndata: ${JSON.stringify(lot)}\n\n`;
      const cut = Math.floor(text.length / 2);
      controller.enqueue(encoder.encode(text.slice(0, cut)));
      controller.enqueue(encoder.encode(text.slice(cut)));
    },
    comment() {
      controller.enqueue(encoder.encode(': keep-alive\n\n'));
    },
    drop() {
      controller.close();
    },
  };
}
