CREATE TYPE "public"."appeal_ground" AS ENUM('late', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."appeal_status" AS ENUM('filed', 'dismissed', 'allowed');--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appeal_number" text NOT NULL,
	"application_id" uuid NOT NULL,
	"filed_by" uuid NOT NULL,
	"ground" "appeal_ground" NOT NULL,
	"stage_status" "application_status" NOT NULL,
	"statement" text NOT NULL,
	"status" "appeal_status" DEFAULT 'filed' NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"hearing_note" text,
	"heard_at" timestamp with time zone,
	"order_text" text,
	"directed_due_on" date,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "appeals_appeal_number_unique" UNIQUE("appeal_number")
);
--> statement-breakpoint
ALTER TABLE "application_queries" ADD COLUMN "reminded_three_days_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_queries" ADD COLUMN "reminded_one_day_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_queries" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_queries" ADD COLUMN "original_respond_by" date;--> statement-breakpoint
ALTER TABLE "application_queries" ADD COLUMN "extended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "escalated_to" "role";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zone" text;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeals_application_idx" ON "appeals" USING btree ("application_id","filed_at");--> statement-breakpoint
CREATE INDEX "appeals_status_due_idx" ON "appeals" USING btree ("status","due_on","id");--> statement-breakpoint
CREATE INDEX "appeals_filed_idx" ON "appeals" USING btree ("filed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_one_open_idx" ON "appeals" USING btree ("application_id") WHERE status = 'filed';--> statement-breakpoint
CREATE INDEX "application_queries_open_respond_by_idx" ON "application_queries" USING btree ("respond_by","id") WHERE status = 'open';--> statement-breakpoint
-- Appeals are orders of the appellate officer: who filed, heard and decided each one joins the audit trail of
-- migration 0006.
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "appeals" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "appeals" FOR EACH ROW EXECUTE FUNCTION audit_record();
