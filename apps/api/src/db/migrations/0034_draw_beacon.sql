-- A draw's public randomness (decision 034): the beacon chain and round a draw names when it opens, the round's
-- randomness and signature once used, the frozen qualified list's hash written at the close, and a draw asked for that
-- waits for its round (who asked, when, why it waits, when last tried).
ALTER TABLE "schemes" ADD COLUMN "beacon_chain" jsonb;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "beacon_round" integer;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "beacon_randomness" text;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "beacon_signature" text;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "qualified_hash" text;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "draw_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "draw_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "draw_wait_reason" text;--> statement-breakpoint
ALTER TABLE "schemes" ADD COLUMN "draw_tried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_draw_requested_by_users_id_fk" FOREIGN KEY ("draw_requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schemes_draw_waiting_idx" ON "schemes" USING btree ("draw_requested_at","id") WHERE draw_requested_at is not null and status = 'closed';--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_draw_wait_reason_check" CHECK ("schemes"."draw_wait_reason" IN ('round_not_yet', 'beacon_unreachable', 'round_invalid'));
