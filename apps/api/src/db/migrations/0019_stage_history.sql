CREATE TABLE "application_stage_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" "application_status" NOT NULL,
	"next_status" "application_status" NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	"due_on" date NOT NULL,
	"paused_working_days" integer DEFAULT 0 NOT NULL,
	"clock_paused_at" timestamp with time zone,
	"zone" text
);
--> statement-breakpoint
CREATE TABLE "performance_snapshots" (
	"computed_on" date PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_stage_history" ADD CONSTRAINT "application_stage_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_stage_history_left_idx" ON "application_stage_history" USING btree ("left_at","id");--> statement-breakpoint
-- A stage with a service clock is recorded as it is left: the case engine writes the next status with the moment it
-- began (stage_entered_at), which is the moment this one ended; a status written without a new clock ends now().
CREATE FUNCTION record_stage_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND OLD.stage_due_on IS NOT NULL THEN
    INSERT INTO application_stage_history
      (application_id, status, next_status, entered_at, left_at, due_on, paused_working_days, clock_paused_at, zone)
    VALUES (
      OLD.id, OLD.status, NEW.status, OLD.stage_entered_at,
      CASE WHEN NEW.stage_entered_at IS DISTINCT FROM OLD.stage_entered_at THEN NEW.stage_entered_at ELSE now() END,
      OLD.stage_due_on, OLD.paused_working_days, OLD.clock_paused_at,
      (SELECT zone FROM assets WHERE id = OLD.asset_id)
    );
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER application_stage_history AFTER UPDATE OF status ON "applications" FOR EACH ROW EXECUTE FUNCTION record_stage_history();
