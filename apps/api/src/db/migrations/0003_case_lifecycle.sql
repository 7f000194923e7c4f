CREATE TYPE "public"."query_status" AS ENUM('open', 'answered', 'closed');--> statement-breakpoint
ALTER TYPE "public"."invoice_type" ADD VALUE 'service_fee';--> statement-breakpoint
ALTER TYPE "public"."timeline_entity_type" ADD VALUE 'query';--> statement-breakpoint
CREATE TABLE "application_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"message" text NOT NULL,
	"respond_by" date NOT NULL,
	"raised_by" uuid,
	"raised_by_name" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" "query_status" DEFAULT 'open' NOT NULL,
	"response" text,
	"responded_at" timestamp with time zone,
	"closed_by" uuid,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "invoices_application_type_uq";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "waiting_on" "role";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_due_on" date;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "clock_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "paused_working_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "service_request_id" uuid;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "remarks" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "event_code" text DEFAULT 'legacy' NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "application_queries" ADD CONSTRAINT "application_queries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_queries" ADD CONSTRAINT "application_queries_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_queries" ADD CONSTRAINT "application_queries_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_queries_application_idx" ON "application_queries" USING btree ("application_id","raised_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_waiting_due_idx" ON "applications" USING btree ("waiting_on","stage_due_on","id");--> statement-breakpoint
CREATE INDEX "applications_due_idx" ON "applications" USING btree ("stage_due_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_service_request_uq" ON "invoices" USING btree ("service_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_application_type_uq" ON "invoices" USING btree ("application_id","invoice_type") WHERE service_request_id is null;--> statement-breakpoint
-- Existing rows keep their English action and details as the text shown for them (code 'legacy'), except where the
-- code needs no parameters; assignments become internal.
UPDATE "timeline_events" SET "event_code" = 'application_submitted' WHERE "action" = 'Application submitted';--> statement-breakpoint
UPDATE "timeline_events" SET "internal" = true WHERE "action" = 'Application assigned';--> statement-breakpoint
-- The clock of every application in a waiting status starts from its last change (targets of service-clock.ts).
CREATE FUNCTION "portal_add_working_days"(start_day date, days integer) RETURNS date LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE d date := start_day; left_days integer := days;
BEGIN
  WHILE extract(isodow FROM d) > 5 LOOP d := d + 1; END LOOP;
  WHILE left_days > 0 LOOP
    d := d + 1;
    IF extract(isodow FROM d) <= 5 THEN left_days := left_days - 1; END IF;
  END LOOP;
  RETURN d;
END $$;--> statement-breakpoint
UPDATE "applications" SET
  "stage_entered_at" = "updated_at",
  "waiting_on" = (CASE "status"
    WHEN 'submitted' THEN 'zonal_manager' WHEN 'under_scrutiny' THEN 'zonal_manager'
    WHEN 'pending_committee' THEN 'committee' WHEN 'approved' THEN 'ho' WHEN 'pending_payment' THEN 'entrepreneur'
    WHEN 'payment_verified' THEN 'ho' WHEN 'provisional_allotment' THEN 'entrepreneur'
    WHEN 'lease_submitted' THEN 'zonal_manager' WHEN 'final_allotment' THEN 'entrepreneur' END)::"role",
  "stage_due_on" = "portal_add_working_days"(("updated_at" AT TIME ZONE 'Asia/Kolkata')::date, CASE "status"
    WHEN 'submitted' THEN 3 WHEN 'under_scrutiny' THEN 15 WHEN 'pending_committee' THEN 30 WHEN 'approved' THEN 7
    WHEN 'pending_payment' THEN 30 WHEN 'payment_verified' THEN 7 WHEN 'provisional_allotment' THEN 30
    WHEN 'lease_submitted' THEN 7 WHEN 'final_allotment' THEN 30 END)
WHERE "status" IN ('submitted', 'under_scrutiny', 'pending_committee', 'approved', 'pending_payment',
  'payment_verified', 'provisional_allotment', 'lease_submitted', 'final_allotment');--> statement-breakpoint
UPDATE "applications" SET "stage_entered_at" = "updated_at" WHERE "stage_due_on" IS NULL;--> statement-breakpoint
DROP FUNCTION "portal_add_working_days"(date, integer);--> statement-breakpoint
UPDATE "service_requests" SET "updated_at" = "submitted_at";
