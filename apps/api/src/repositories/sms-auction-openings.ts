/** Who is to be told by SMS that an e-auction's bidding has opened (decision 037): each qualified bidder (approved,
 * qualified in the scheme) of an auction whose bidding started within the last day and has not ended, not yet told
 * (no SMS under its key), a batch at a time. */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface AuctionOpeningToTell {
  schemeId: string;
  schemeNumber: string;
  endsAt: Date;
  userId: string;
}

export const auctionOpenedKey = (schemeId: string, userId: string) => `auction_opened:${schemeId}:${userId}`;

export async function auctionOpeningsToTell(db: Database, limit: number): Promise<AuctionOpeningToTell[]> {
  const result = (await db.execute(sql`
    select distinct s.id as scheme_id, s.scheme_number, s.auction_ends_at as ends_at, ap.user_id
      from schemes s
      join scheme_entries e on e.scheme_id = s.id and e.qualified
      join applications a on a.id = e.application_id and a.status = 'approved'
      join applicants ap on ap.id = a.applicant_id
     where s.mode = 'auction'
       and s.auction_starts_at <= portal_clock_timestamp()
       and s.auction_starts_at > portal_clock_timestamp() - interval '1 day'
       and s.auction_ends_at > portal_clock_timestamp()
       and not exists (
         select 1 from sms_outbox o where o.dedupe_key = 'auction_opened:' || s.id || ':' || ap.user_id
       )
     order by s.scheme_number, ap.user_id
     limit ${limit}`)) as unknown as {
    rows: { scheme_id: string; scheme_number: string; ends_at: string | Date; user_id: string }[];
  };
  return result.rows.map((row) => ({
    schemeId: row.scheme_id,
    schemeNumber: row.scheme_number,
    endsAt: new Date(row.ends_at),
    userId: row.user_id,
  }));
}
