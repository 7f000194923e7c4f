/** Schemes, lots and public records as the API answers them, for this feature's component tests. */
import type { LiveLot, PublicScheme, SchemeDetail, SchemePlot } from '@portal/contract';

export const SCHEME_ID = '51000000-0000-4000-8000-000000000001';
export const PLOT_ID = '52000000-0000-4000-8000-000000000001';
export const ASSET_ID = '53000000-0000-4000-8000-000000000001';
export const APPLICATION_ID = '54000000-0000-4000-8000-000000000001';

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
