ALTER TYPE "public"."allotment_status" ADD VALUE 'surrendered';--> statement-breakpoint
CREATE TABLE "allotment_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"allotment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"met_on" date,
	"extensions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "allotment_milestones_kind_check" CHECK ("allotment_milestones"."kind" IN ('commence_construction', 'start_production'))
);
--> statement-breakpoint
ALTER TABLE "allotments" ADD COLUMN "holder_user_id" uuid;--> statement-breakpoint
-- The holder is the applicant until a transfer (decision 014).
UPDATE "allotments" SET "holder_user_id" = "applicants"."user_id" FROM "applications", "applicants"
  WHERE "applications"."id" = "allotments"."application_id" AND "applicants"."id" = "applications"."applicant_id";--> statement-breakpoint
ALTER TABLE "allotments" ALTER COLUMN "holder_user_id" SET NOT NULL;--> statement-breakpoint
-- An allotment inserted without its holder is held by its application's applicant.
CREATE FUNCTION allotments_default_holder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.holder_user_id IS NULL THEN
    SELECT "applicants"."user_id" INTO NEW.holder_user_id FROM "applications"
      JOIN "applicants" ON "applicants"."id" = "applications"."applicant_id" WHERE "applications"."id" = NEW.application_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER allotments_default_holder BEFORE INSERT ON "allotments"
  FOR EACH ROW EXECUTE FUNCTION allotments_default_holder();--> statement-breakpoint
ALTER TABLE "allotments" ADD COLUMN "possession_date" date;--> statement-breakpoint
ALTER TABLE "allotments" ADD COLUMN "lease_ends_on" date;--> statement-breakpoint
ALTER TABLE "allotments" ADD COLUMN "ended_on" date;--> statement-breakpoint
ALTER TABLE "allotments" ADD COLUMN "refund_due" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "milestone" text;--> statement-breakpoint
ALTER TABLE "allotment_milestones" ADD CONSTRAINT "allotment_milestones_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allotment_milestones_kind_uq" ON "allotment_milestones" USING btree ("allotment_id","kind");--> statement-breakpoint
CREATE INDEX "allotment_milestones_open_idx" ON "allotment_milestones" USING btree ("kind","due_on","allotment_id") WHERE "allotment_milestones"."met_on" IS NULL;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allotments_holder_idx" ON "allotments" USING btree ("holder_user_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_allotment_idx" ON "service_requests" USING btree ("allotment_id","request_type") WHERE "service_requests"."allotment_id" IS NOT NULL;--> statement-breakpoint
-- Allotments already in possession: the lease runs 99 years from possession, construction is due in 12 months and
-- production in 24 (product decisions section 9); an application under implementation has commenced construction,
-- a completed one has started production too (met on the day the application last moved).
UPDATE "allotments" SET "possession_date" = "possessions"."possession_date",
  "lease_ends_on" = ("possessions"."possession_date" + interval '99 years')::date
  FROM "possessions" WHERE "possessions"."allotment_id" = "allotments"."id";--> statement-breakpoint
INSERT INTO "allotment_milestones" ("allotment_id", "kind", "due_on", "met_on")
  SELECT "allotments"."id", 'commence_construction', ("allotments"."possession_date" + interval '12 months')::date,
    CASE WHEN "applications"."status" IN ('under_implementation', 'completed') THEN "applications"."updated_at"::date END
  FROM "allotments" JOIN "applications" ON "applications"."id" = "allotments"."application_id"
  WHERE "allotments"."possession_date" IS NOT NULL;--> statement-breakpoint
INSERT INTO "allotment_milestones" ("allotment_id", "kind", "due_on", "met_on")
  SELECT "allotments"."id", 'start_production', ("allotments"."possession_date" + interval '24 months')::date,
    CASE WHEN "applications"."status" = 'completed' THEN "applications"."updated_at"::date END
  FROM "allotments" JOIN "applications" ON "applications"."id" = "allotments"."application_id"
  WHERE "allotments"."possession_date" IS NOT NULL;
