ALTER TABLE "applications" ADD COLUMN "stage_code" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "stage_params" jsonb;--> statement-breakpoint
-- A stage the portal wrote (a status's own stage, as DEFAULT_STAGE in the contract's stages.ts had it when this was
-- written) becomes its code; so do the committee's decisions, whose text the decision dialogs composed. Any other text
-- was typed by an officer and stays as their words, with no code.
CREATE TEMPORARY TABLE "stage_defaults" ("status" text PRIMARY KEY, "stage" text NOT NULL);--> statement-breakpoint
INSERT INTO "stage_defaults" VALUES
  ('draft', 'Draft'), ('submitted', 'Submitted for scrutiny'), ('under_scrutiny', 'Under scrutiny'),
  ('pending_committee', 'Pending committee'), ('approved', 'Approved'), ('rejected', 'Rejected'),
  ('pending_payment', 'Pending payment'), ('payment_verified', 'Payment verified'),
  ('provisional_allotment', 'Provisional allotment'), ('lease_submitted', 'Lease deed submitted'),
  ('final_allotment', 'Final allotment'), ('possession_given', 'Possession given'),
  ('under_implementation', 'Under implementation'), ('completed', 'Completed');--> statement-breakpoint
UPDATE "applications" SET "stage_code" = 'status', "stage_params" = jsonb_build_object('status', "applications"."status"::text)
  FROM "stage_defaults" WHERE "stage_defaults"."status" = "applications"."status"::text AND "stage_defaults"."stage" = "applications"."current_stage";--> statement-breakpoint
UPDATE "applications" SET "stage_code" = 'committee_approved', "stage_params" = '{}'::jsonb, "current_stage" = 'pending allotment'
  WHERE "status" = 'approved' AND "current_stage" IN ('pending allotment', 'pending payment');--> statement-breakpoint
UPDATE "applications" SET "stage_code" = 'committee_rejected', "stage_params" = jsonb_build_object('note', substr("current_stage", 11))
  WHERE "status" = 'rejected' AND "current_stage" LIKE 'Rejected: _%' AND length("current_stage") <= 410;--> statement-breakpoint
UPDATE "applications" SET "stage_code" = 'committee_deferred', "stage_params" = '{}'::jsonb
  WHERE "status" = 'pending_committee' AND "current_stage" = 'Deferred';--> statement-breakpoint
UPDATE "applications" SET "stage_code" = 'committee_deferred', "stage_params" = jsonb_build_object('note', substr("current_stage", 11))
  WHERE "status" = 'pending_committee' AND "current_stage" LIKE 'Deferred: _%' AND length("current_stage") <= 410;--> statement-breakpoint
UPDATE "applications" SET "stage_code" = 'committee_conditional_approval', "stage_params" = '{}'::jsonb
  WHERE "status" = 'pending_committee' AND "current_stage" = 'Conditional approval';--> statement-breakpoint
UPDATE "applications" SET "stage_code" = 'committee_conditional_approval', "stage_params" = jsonb_build_object('note', substr("current_stage", 23))
  WHERE "status" = 'pending_committee' AND "current_stage" LIKE 'Conditional approval: _%' AND length("current_stage") <= 422;--> statement-breakpoint
-- The timeline's moves keep their stage the same way, beside the English the spec's timeline shows.
UPDATE "timeline_events" SET "params" = "params" || jsonb_build_object('stage_code', 'status', 'stage_status', "params"->>'to')
  FROM "stage_defaults" WHERE "timeline_events"."event_code" = 'status_changed' AND "stage_defaults"."status" = "timeline_events"."params"->>'to'
  AND "stage_defaults"."stage" = "timeline_events"."params"->>'stage';--> statement-breakpoint
DROP TABLE "stage_defaults";
