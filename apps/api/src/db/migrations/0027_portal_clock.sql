CREATE TABLE "portal_clock" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"moved_at" timestamp with time zone,
	"moved_by" uuid,
	"moving_since" timestamp with time zone,
	CONSTRAINT "portal_clock_one_row" CHECK ("portal_clock"."id")
);
--> statement-breakpoint
INSERT INTO "portal_clock" ("id", "offset_ms") VALUES (true, 0);--> statement-breakpoint
-- The portal's time (decision 026): the database's clock plus the stored offset (always 0 unless CLOCK=movable).
CREATE FUNCTION portal_now() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT now() + coalesce((SELECT offset_ms FROM portal_clock), 0) * interval '1 millisecond'
$$;--> statement-breakpoint
CREATE FUNCTION portal_clock_timestamp() RETURNS timestamptz LANGUAGE sql VOLATILE AS $$
  SELECT clock_timestamp() + coalesce((SELECT offset_ms FROM portal_clock), 0) * interval '1 millisecond'
$$;--> statement-breakpoint
-- Every column default that gives the time gives the portal's time; run after every migration (db/client.ts), so a
-- table added later follows the clock too. The tables of machines and attempts keep the machine's time, as the code
-- that compares them with now() does: sessions, sign-in locks and rate limits, reset links, the mail outbox and its
-- attempts, job leases, the gateway's webhook events, stored files and the audit trail. Answers how many defaults it
-- changed.
CREATE FUNCTION portal_follow_clock() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  col record;
  changed integer := 0;
BEGIN
  FOR col IN
    SELECT c.table_name, c.column_name, c.column_default FROM information_schema.columns c
    WHERE c.table_schema = current_schema() AND c.column_default IN ('now()', 'clock_timestamp()')
      AND c.table_name NOT IN ('sessions', 'sign_in_locks', 'rate_limit_hits', 'password_reset_tokens', 'mail_outbox',
        'mail_attempts', 'job_leases', 'gateway_webhook_events', 'stored_files', 'stored_file_chunks', 'audit_log')
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET DEFAULT %s', col.table_name, col.column_name,
      CASE col.column_default WHEN 'now()' THEN 'portal_now()' ELSE 'portal_clock_timestamp()' END);
    changed := changed + 1;
  END LOOP;
  RETURN changed;
END;
$$;--> statement-breakpoint
-- The two triggers that read the time for a rule (the day a stage finished late, the moment a stage was left) read
-- the portal's: their definitions are taken as they stand and only the clock they call is changed.
DO $$
DECLARE
  fn text;
BEGIN
  FOREACH fn IN ARRAY ARRAY['summarise_application_figures()', 'record_stage_history()'] LOOP
    EXECUTE replace(pg_get_functiondef(fn::regprocedure), 'now()', 'portal_now()');
  END LOOP;
END;
$$;
