CREATE TYPE "public"."scheme_mode" AS ENUM('first_come', 'draw', 'auction');--> statement-breakpoint
CREATE TYPE "public"."scheme_outcome" AS ENUM('not_qualified', 'won', 'waitlisted', 'lost', 'defaulted');--> statement-breakpoint
CREATE TYPE "public"."scheme_status" AS ENUM('open', 'closed', 'decided');--> statement-breakpoint
ALTER TYPE "public"."invoice_type" ADD VALUE 'participation_fee';--> statement-breakpoint
CREATE TABLE "scheme_bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scheme_plot_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"bidder_user_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"sequence" integer NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheme_entries" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"scheme_id" uuid NOT NULL,
	"scheme_plot_id" uuid NOT NULL,
	"category" "applicant_category" NOT NULL,
	"qualified" boolean NOT NULL,
	"list_position" integer,
	"rank" integer,
	"outcome" "scheme_outcome",
	"amount" numeric(16, 2),
	"emd_forfeited" boolean DEFAULT false NOT NULL,
	"pay_by" date,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheme_plots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scheme_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"reserved_for" "applicant_category",
	"reserve_price" numeric(16, 2),
	"ends_at" timestamp with time zone,
	"highest_bid" numeric(16, 2),
	"highest_application_id" uuid,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"winner_application_id" uuid,
	"winning_amount" numeric(16, 2)
);
--> statement-breakpoint
CREATE TABLE "scheme_seeds" (
	"scheme_id" uuid PRIMARY KEY NOT NULL,
	"seed" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schemes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scheme_number" text NOT NULL,
	"title" text NOT NULL,
	"mode" "scheme_mode" NOT NULL,
	"status" "scheme_status" DEFAULT 'open' NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"reservations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_investment" numeric(16, 2),
	"increment" numeric(16, 2),
	"auction_starts_at" timestamp with time zone,
	"auction_ends_at" timestamp with time zone,
	"extension_window_minutes" numeric(6, 2) DEFAULT 5 NOT NULL,
	"extension_minutes" numeric(6, 2) DEFAULT 5 NOT NULL,
	"commitment" text NOT NULL,
	"revealed_seed" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "schemes_scheme_number_unique" UNIQUE("scheme_number")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "scheme_id" uuid;--> statement-breakpoint
ALTER TABLE "scheme_bids" ADD CONSTRAINT "scheme_bids_scheme_plot_id_scheme_plots_id_fk" FOREIGN KEY ("scheme_plot_id") REFERENCES "public"."scheme_plots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_bids" ADD CONSTRAINT "scheme_bids_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_bids" ADD CONSTRAINT "scheme_bids_bidder_user_id_users_id_fk" FOREIGN KEY ("bidder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_entries" ADD CONSTRAINT "scheme_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_entries" ADD CONSTRAINT "scheme_entries_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_entries" ADD CONSTRAINT "scheme_entries_scheme_plot_id_scheme_plots_id_fk" FOREIGN KEY ("scheme_plot_id") REFERENCES "public"."scheme_plots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_plots" ADD CONSTRAINT "scheme_plots_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_plots" ADD CONSTRAINT "scheme_plots_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_plots" ADD CONSTRAINT "scheme_plots_highest_application_id_applications_id_fk" FOREIGN KEY ("highest_application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_plots" ADD CONSTRAINT "scheme_plots_winner_application_id_applications_id_fk" FOREIGN KEY ("winner_application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_seeds" ADD CONSTRAINT "scheme_seeds_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheme_bids_plot_amount_uq" ON "scheme_bids" USING btree ("scheme_plot_id","amount");--> statement-breakpoint
CREATE UNIQUE INDEX "scheme_bids_plot_sequence_uq" ON "scheme_bids" USING btree ("scheme_plot_id","sequence");--> statement-breakpoint
CREATE INDEX "scheme_bids_application_idx" ON "scheme_bids" USING btree ("application_id","amount");--> statement-breakpoint
CREATE INDEX "scheme_entries_scheme_idx" ON "scheme_entries" USING btree ("scheme_id","list_position");--> statement-breakpoint
CREATE INDEX "scheme_entries_plot_idx" ON "scheme_entries" USING btree ("scheme_plot_id","rank");--> statement-breakpoint
CREATE INDEX "scheme_entries_pay_by_idx" ON "scheme_entries" USING btree ("pay_by") WHERE outcome = 'won' and pay_by is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "scheme_plots_scheme_asset_uq" ON "scheme_plots" USING btree ("scheme_id","asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheme_plots_scheme_position_uq" ON "scheme_plots" USING btree ("scheme_id","position");--> statement-breakpoint
CREATE INDEX "scheme_plots_asset_idx" ON "scheme_plots" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "scheme_plots_open_end_idx" ON "scheme_plots" USING btree ("ends_at","id") WHERE ends_at is not null and winner_application_id is null;--> statement-breakpoint
CREATE INDEX "schemes_status_closes_idx" ON "schemes" USING btree ("status","closes_at","id");--> statement-breakpoint
CREATE INDEX "schemes_closes_idx" ON "schemes" USING btree ("closes_at","id");--> statement-breakpoint
CREATE INDEX "schemes_created_idx" ON "schemes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "schemes_search_trgm_idx" ON "schemes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_scheme_idx" ON "applications" USING btree ("scheme_id","asset_id") WHERE scheme_id is not null;--> statement-breakpoint
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "schemes" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "schemes" FOR EACH ROW EXECUTE FUNCTION audit_record();--> statement-breakpoint
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "scheme_entries" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "scheme_entries" FOR EACH ROW EXECUTE FUNCTION audit_record();--> statement-breakpoint
CREATE FUNCTION scheme_bids_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bids are append-only' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER scheme_bids_append_only BEFORE UPDATE OR DELETE ON scheme_bids
  FOR EACH ROW EXECUTE FUNCTION scheme_bids_append_only();
