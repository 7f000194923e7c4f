/**
 * Competitive allotment (product decisions section 12, decision 018): a scheme offers plots for a window; the
 * applications approved by its closing date with their deposits paid are qualified; its mode decides who gets each
 * plot among them: first come (by submission time), a draw of lots anyone can recompute, or a live e-auction.
 */
import { z } from 'zod';
import { beaconRoundSchema, drawWaitSchema, schemeBeaconSchema } from './beacon';
import { APPLICANT_CATEGORIES } from '../enums';
import { rupeesField } from '../money/amount';
import { enumList, listQueryFor, type ListDefinition } from '../listing';
import { roundRupees } from '../limits';

export const SCHEME_MODES = ['first_come', 'draw', 'auction'] as const;
export type SchemeMode = (typeof SCHEME_MODES)[number];

/**
 * open: published; applications are taken between opens_at and closes_at.
 * closed: applications closed; the qualified list is frozen and published (an auction bids now, between its times).
 * decided: the result stands (the draw drawn, first come run, or the auction closed).
 */
export const SCHEME_STATUSES = ['open', 'closed', 'decided'] as const;
export type SchemeStatus = (typeof SCHEME_STATUSES)[number];

/**
 * What became of an application in a scheme:
 * - not_qualified: not approved with its deposits paid by the closing date;
 * - won: given its plot (auction: H1, invoiced its bid less the EMD);
 * - waitlisted: an auction's H2, offered the plot at its own bid if H1 does not pay in time;
 * - lost: another application was given the plot (drawn later, later in time, or outbid);
 * - defaulted: an auction winner who did not pay in time (the EMD is forfeited).
 */
export const SCHEME_OUTCOMES = ['not_qualified', 'won', 'waitlisted', 'lost', 'defaulted'] as const;
export type SchemeOutcome = (typeof SCHEME_OUTCOMES)[number];

/**
 * Why a plot went where its reservation did not point (decision 018's allocation, pass 2):
 * - reserved_category_absent: reserved for a category, given to the general order because no qualified application
 *   of that category asked for it.
 */
export const SCHEME_PLOT_REASONS = ['reserved_category_absent'] as const;
export type SchemePlotReason = (typeof SCHEME_PLOT_REASONS)[number];

/** The rules of section 12 and their defaults. */
export const SCHEME_RULES = {
  /** An auction's EMD is this share of the plot's reserve price; it replaces the usual EMD. */
  auctionEmdShare: 0.1,
  /** An auction's participation fee (inclusive of GST), invoiced on submission. */
  participationFee: 5900,
  /** A bid this close to a lot's end extends the end... */
  extensionWindowMinutes: 5,
  /** ...by this much (from the end as it stood). */
  extensionMinutes: 5,
  /** H1 pays the bid less the EMD within this many days, or forfeits the EMD and the plot goes to H2. */
  winnerPaysWithinDays: 30,
  /** The seed of a draw: this many random bytes, written as hex. */
  seedBytes: 32,
  /** At most this many plots in one scheme. */
  maxPlots: 200,
  titleLength: { min: 5, max: 200 },
} as const;

/** The auction's EMD for a plot's reserve price (rupees, to the rupee). */
export function auctionEmd(reservePrice: number): number {
  return Math.round(reservePrice * SCHEME_RULES.auctionEmdShare);
}

/** The lowest bid the server takes: the reserve price first, then the highest bid plus the increment, to the paisa
 * (a sum of amounts with paise drifts in binary: 0.1 + 0.2 is not 0.3). The room's hint and its
 * box both show this figure, so the bidder is told exactly what the server takes. */
export function minimumNextBid(lot: { reserve_price: number; highest_bid: number | null }, increment: number): number {
  return roundRupees(lot.highest_bid === null ? lot.reserve_price : lot.highest_bid + increment);
}

const instant = z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-12-01T10:00:00+05:30' });
const rupees = (label: string) => rupeesField({ label, max: 1e12 });

const extensionMinutes = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .min(0.25, { error: `${label} must be at least a quarter of a minute` })
    .max(60, { error: `${label} must be at most 60 minutes` })
    .multipleOf(0.01, { error: `${label} may have at most two decimals` });

/** A share of the scheme's plots reserved for applicants of one category (the plots are drawn for them first). */
export const schemeReservationSchema = z.object({
  category: z.enum(APPLICANT_CATEGORIES, { error: 'Choose a category' }),
  share_percent: z
    .number({ error: 'The share must be a number' })
    .int({ error: 'Use a whole percentage' })
    .min(1, { error: 'The share must be at least 1%' })
    .max(100, { error: 'The share must be at most 100%' }),
});
export type SchemeReservation = z.infer<typeof schemeReservationSchema>;

export const schemePlotRequestSchema = z.object({
  asset_id: z.uuid({ error: 'Choose a plot' }),
  /** Auctions only: the lowest first bid. */
  reserve_price: rupees('The reserve price').optional(),
});

/** POST /schemes: an officer (ho, admin) publishes a scheme; it is open from opens_at. */
export const createSchemeRequestSchema = z
  .object({
    title: z
      .string({ error: 'This field is required' })
      .trim()
      .min(SCHEME_RULES.titleLength.min, { error: `Write at least ${SCHEME_RULES.titleLength.min} characters` })
      .max(SCHEME_RULES.titleLength.max, { error: `Write at most ${SCHEME_RULES.titleLength.max} characters` }),
    mode: z.enum(SCHEME_MODES, { error: 'Choose how the plots are allotted' }),
    opens_at: instant,
    closes_at: instant,
    plots: z
      .array(schemePlotRequestSchema)
      .min(1, { error: 'Offer at least one plot' })
      .max(SCHEME_RULES.maxPlots, { error: `Offer at most ${SCHEME_RULES.maxPlots} plots` }),
    reservations: z.array(schemeReservationSchema).max(APPLICANT_CATEGORIES.length).default([]),
    /** Eligibility: an application's estimated investment must be at least this. */
    min_investment: rupees('The minimum investment').nullable().default(null),
    /** Auctions only. */
    increment: rupees('The increment').optional(),
    auction_starts_at: instant.optional(),
    auction_ends_at: instant.optional(),
    /** Minutes; a fraction is allowed (0.25 is fifteen seconds), to the hundredth. */
    extension_window_minutes: extensionMinutes('The extension window').default(SCHEME_RULES.extensionWindowMinutes),
    extension_minutes: extensionMinutes('The extension').default(SCHEME_RULES.extensionMinutes),
  })
  .superRefine((body, ctx) => {
    if (Date.parse(body.closes_at) <= Date.parse(body.opens_at)) {
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: 'Close applications after they open' });
    }
    const totalShare = body.reservations.reduce((sum, reservation) => sum + reservation.share_percent, 0);
    if (totalShare > 100) {
      ctx.addIssue({ code: 'custom', path: ['reservations'], message: 'The reserved shares add up to more than 100%' });
    }
    if (new Set(body.reservations.map((reservation) => reservation.category)).size !== body.reservations.length) {
      ctx.addIssue({ code: 'custom', path: ['reservations'], message: 'Reserve a share for each category once' });
    }
    if (new Set(body.plots.map((plot) => plot.asset_id)).size !== body.plots.length) {
      ctx.addIssue({ code: 'custom', path: ['plots'], message: 'Offer each plot once' });
    }
    if (body.mode !== 'auction') return;
    if (body.increment === undefined) {
      ctx.addIssue({ code: 'custom', path: ['increment'], message: 'An auction needs a minimum increment' });
    }
    body.plots.forEach((plot, index) => {
      if (plot.reserve_price === undefined) {
        ctx.addIssue({ code: 'custom', path: ['plots', index, 'reserve_price'], message: 'Give the reserve price' });
      }
    });
    if (!body.auction_starts_at) {
      ctx.addIssue({ code: 'custom', path: ['auction_starts_at'], message: 'Give the time bidding starts' });
    } else if (Date.parse(body.auction_starts_at) < Date.parse(body.closes_at)) {
      ctx.addIssue({
        code: 'custom',
        path: ['auction_starts_at'],
        message: 'Start bidding after applications close',
      });
    }
    if (!body.auction_ends_at) {
      ctx.addIssue({ code: 'custom', path: ['auction_ends_at'], message: 'Give the time bidding ends' });
    } else if (body.auction_starts_at && Date.parse(body.auction_ends_at) <= Date.parse(body.auction_starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['auction_ends_at'], message: 'End bidding after it starts' });
    }
  });
export type CreateSchemeRequest = z.input<typeof createSchemeRequestSchema>;

/** One plot of a scheme; for an auction, one lot with its own end (extended by late bids). */
export const schemePlotSchema = z.object({
  id: z.uuid(),
  asset_id: z.uuid(),
  asset_code: z.string(),
  zone: z.string(),
  location: z.string(),
  total_area: z.number(),
  unit: z.string(),
  valuation: z.number(),
  /** The category the plot is reserved for (section 12's shares), or null. */
  reserved_for: z.enum(APPLICANT_CATEGORIES).nullable(),
  reserve_price: z.number().nullable(),
  /** The auction's EMD for this plot (10% of the reserve), or null for the other modes (the usual EMD). */
  emd: z.number().nullable(),
  /** Auctions: the lot's end as extended, the highest bid and how many bids; null before the first. */
  ends_at: z.string().nullable(),
  highest_bid: z.number().nullable(),
  bid_count: z.number().int(),
  /** Once decided: the winning application's number (null when nobody qualified for it). */
  winner_application_number: z.string().nullable(),
  winning_amount: z.number().nullable(),
  /** Why the winner is not of the category the plot was reserved for; null when nothing needs saying. */
  winner_reason: z.enum(SCHEME_PLOT_REASONS).nullable(),
});
export type SchemePlot = z.infer<typeof schemePlotSchema>;

export const schemeSchema = z.object({
  id: z.uuid(),
  scheme_number: z.string(),
  title: z.string(),
  mode: z.enum(SCHEME_MODES),
  status: z.enum(SCHEME_STATUSES),
  opens_at: z.string(),
  closes_at: z.string(),
  /** Whether an entrepreneur may apply now (open and inside the window). */
  accepting: z.boolean(),
  reservations: z.array(schemeReservationSchema),
  min_investment: z.number().nullable(),
  increment: z.number().nullable(),
  auction_starts_at: z.string().nullable(),
  auction_ends_at: z.string().nullable(),
  extension_window_minutes: z.number(),
  extension_minutes: z.number(),
  participation_fee: z.number().nullable(),
  /** SHA-256 (hex) of the draw's secret seed, published when the scheme opens. */
  commitment: z.string(),
  /** The seed (hex), revealed at the draw; null until then. */
  seed: z.string().nullable(),
  /** A draw's beacon round, named when it opens (decision 034); null for other modes and draws made before it. */
  beacon: schemeBeaconSchema.nullable(),
  /** The round as the beacon answered it, once the draw used it. */
  beacon_round: beaconRoundSchema.nullable(),
  /** SHA-256 (hex) of the frozen qualified list (`qualifiedListText`), published at the close. */
  qualified_hash: z.string().nullable(),
  /** A draw asked for and waiting for its beacon round, and why; null otherwise. */
  draw_wait: drawWaitSchema.nullable(),
  plots: z.array(schemePlotSchema),
  application_count: z.number().int(),
  qualified_count: z.number().int().nullable(),
  closed_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type Scheme = z.infer<typeof schemeSchema>;

export const schemeSummarySchema = schemeSchema
  .pick({
    id: true,
    scheme_number: true,
    title: true,
    mode: true,
    status: true,
    opens_at: true,
    closes_at: true,
    accepting: true,
    auction_starts_at: true,
    auction_ends_at: true,
    application_count: true,
    created_at: true,
  })
  .extend({ plot_count: z.number().int() });
export type SchemeSummary = z.infer<typeof schemeSummarySchema>;

export const SCHEME_LIST = {
  sort: ['closes_at', 'created_at'] as const,
  defaultSort: 'closes_at' as const,
  searches: 'scheme number, title',
  filters: {
    status: enumList(SCHEME_STATUSES),
    mode: enumList(SCHEME_MODES),
    /** Entrepreneurs: only the schemes taking applications now. */
    accepting: z.literal('true', { error: 'Use accepting=true, or leave accepting out' }).optional(),
  },
} as const satisfies ListDefinition<'closes_at' | 'created_at', z.ZodRawShape>;
export const schemeListQuerySchema = /* @__PURE__ */ listQueryFor(SCHEME_LIST);
export type SchemeListQuery = z.output<typeof schemeListQuerySchema>;

/** One line of the published qualified list, in its fixed order (first come: by submission time; draw: by number). */
export const qualifiedEntrySchema = z.object({
  position: z.number().int(),
  application_number: z.string(),
  plot_code: z.string(),
  category: z.enum(APPLICANT_CATEGORIES),
});
export type QualifiedEntry = z.infer<typeof qualifiedEntrySchema>;

/** One line of the result: who got which plot, or the order of the rest. */
export const schemeResultLineSchema = z.object({
  application_number: z.string(),
  plot_code: z.string(),
  outcome: z.enum(SCHEME_OUTCOMES),
  /** Draw: the place in the drawn order (1-based); first come: in the list; auction: the rank by highest bid. */
  rank: z.number().int().nullable(),
  amount: z.number().nullable(),
  /** A winner's line: why a plot reserved for a category went to the general order; null otherwise. */
  reason: z.enum(SCHEME_PLOT_REASONS).nullable(),
});
export type SchemeResultLine = z.infer<typeof schemeResultLineSchema>;

/** A bid as the public record shows it after the auction: no bidder beyond an application number, and only once the
 * lot is decided. */
export const publicBidSchema = z.object({
  plot_code: z.string(),
  amount: z.number(),
  placed_at: z.string(),
});

/** GET /public/schemes/{number}: everything a person needs to check the result, with no personal data beyond
 * application numbers. */
export const publicSchemeSchema = z.object({
  scheme_number: z.string(),
  title: z.string(),
  mode: z.enum(SCHEME_MODES),
  status: z.enum(SCHEME_STATUSES),
  opens_at: z.string(),
  closes_at: z.string(),
  commitment: z.string(),
  seed: z.string().nullable(),
  /** A draw's beacon round, named when it opens (decision 034). */
  beacon: schemeBeaconSchema.nullable(),
  /** The round's randomness and signature, once the draw used it. */
  beacon_round: beaconRoundSchema.nullable(),
  /** SHA-256 (hex) of the frozen qualified list, published at the close. */
  qualified_hash: z.string().nullable(),
  /** The order's seed, SHA-256(seed || round randomness || qualified_hash), once decided. */
  draw_seed: z.string().nullable(),
  plots: z.array(
    z.object({
      plot_code: z.string(),
      reserved_for: z.enum(APPLICANT_CATEGORIES).nullable(),
      reserve_price: z.number().nullable(),
    }),
  ),
  /** Null until applications close. */
  qualified: z.array(qualifiedEntrySchema).nullable(),
  /** Null until decided. */
  result: z.array(schemeResultLineSchema).nullable(),
  bids: z.array(publicBidSchema).nullable(),
  decided_at: z.string().nullable(),
  /** The result sheet's verification code (/verify), once decided. */
  verification_code: z.string().nullable(),
});
export type PublicScheme = z.infer<typeof publicSchemeSchema>;

/** POST /schemes/{id}/plots/{plotId}/bids. */
export const placeBidRequestSchema = z.object({ amount: rupees('The bid') });
export type PlaceBidRequest = z.input<typeof placeBidRequestSchema>;

/**
 * A lot as one bidder sees it, live: the highest bid and the time left, the bidder's own best bid and rank; never who
 * else bids. Sent on GET /schemes/{id}/live (Server-Sent Events, `event: lot`) and answered by a bid.
 */
export const liveLotSchema = z.object({
  scheme_id: z.uuid(),
  plot_id: z.uuid(),
  plot_code: z.string(),
  highest_bid: z.number().nullable(),
  bid_count: z.number().int(),
  minimum_next_bid: z.number(),
  ends_at: z.string(),
  /** The server's clock when sent, so a client counts down from the server's time, not its own. */
  server_time: z.string(),
  /** Whether bids are taken now. */
  running: z.boolean(),
  /** The signed-in bidder's own best bid and rank (1 = highest); null when they have not bid or only watch. */
  your_bid: z.number().nullable(),
  your_rank: z.number().int().nullable(),
  /** The bid's sequence on the lot (1, 2, ...), so a client can tell it missed one. */
  sequence: z.number().int(),
});
export type LiveLot = z.infer<typeof liveLotSchema>;

/** The entrepreneur's own part in a scheme (GET /schemes/{id}): their applications and how each fared. */
export const schemeEntrySchema = z.object({
  application_id: z.uuid(),
  application_number: z.string(),
  plot_id: z.uuid(),
  plot_code: z.string(),
  qualified: z.boolean().nullable(),
  outcome: z.enum(SCHEME_OUTCOMES).nullable(),
  emd_forfeited: z.boolean(),
});
export type SchemeEntry = z.infer<typeof schemeEntrySchema>;

/** GET /schemes/{id}: the scheme, and for an entrepreneur their own applications in it (empty for staff). */
export const schemeDetailSchema = schemeSchema.extend({ my_entries: z.array(schemeEntrySchema) });
export type SchemeDetail = z.infer<typeof schemeDetailSchema>;

/** GET /schemes/{id}/entries (staff): the scheme's applications and what became of each, a page at a time. */
export const schemeEntryRowSchema = z.object({
  application_id: z.uuid(),
  application_number: z.string(),
  organization_name: z.string().nullable(),
  plot_code: z.string(),
  category: z.enum(APPLICANT_CATEGORIES),
  /** The application's status now. */
  status: z.string(),
  qualified: z.boolean().nullable(),
  list_position: z.number().int().nullable(),
  rank: z.number().int().nullable(),
  outcome: z.enum(SCHEME_OUTCOMES).nullable(),
  amount: z.number().nullable(),
  emd_forfeited: z.boolean(),
});
export type SchemeEntryRow = z.infer<typeof schemeEntryRowSchema>;

export const SCHEME_ENTRY_LIST = {
  sort: ['list_position', 'application_number'] as const,
  defaultSort: 'application_number' as const,
  searches: 'application number, organisation name',
  filters: { outcome: enumList(SCHEME_OUTCOMES) },
} as const satisfies ListDefinition<'list_position' | 'application_number', z.ZodRawShape>;
export const schemeEntryListQuerySchema = /* @__PURE__ */ listQueryFor(SCHEME_ENTRY_LIST);
export type SchemeEntryListQuery = z.output<typeof schemeEntryListQuerySchema>;

/**
 * The API's paths for schemes, under /api (the web app and the tests read them from here):
 * - GET /schemes (list), POST /schemes (publish), GET /schemes/{id}, GET /schemes/{id}/entries (staff);
 * - POST /schemes/{id}/close (after closes_at: freezes and publishes the qualified list);
 * - POST /schemes/{id}/decide (draw or first come, once);
 * - GET /schemes/{id}/result.pdf (the result sheet, once decided);
 * - GET /schemes/{id}/lots (every lot as LiveLot), GET /schemes/{id}/live (Server-Sent Events of LiveLot);
 * - POST /schemes/{id}/plots/{plotId}/bids;
 * - GET /public/schemes/{schemeNumber} (no sign-in).
 */
export const SCHEME_PATHS = {
  list: '/schemes',
  one: (id: string) => `/schemes/${id}`,
  entries: (id: string) => `/schemes/${id}/entries`,
  close: (id: string) => `/schemes/${id}/close`,
  decide: (id: string) => `/schemes/${id}/decide`,
  resultSheet: (id: string) => `/schemes/${id}/result.pdf`,
  lots: (id: string) => `/schemes/${id}/lots`,
  live: (id: string) => `/schemes/${id}/live`,
  bids: (id: string, plotId: string) => `/schemes/${id}/plots/${plotId}/bids`,
  public: (schemeNumber: string) => `/public/schemes/${schemeNumber}`,
} as const;
