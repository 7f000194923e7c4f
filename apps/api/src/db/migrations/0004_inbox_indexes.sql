DROP INDEX "applications_waiting_due_idx";--> statement-breakpoint
CREATE INDEX "applications_waiting_running_idx" ON "applications" USING btree ("waiting_on",coalesce("stage_due_on", '9999-12-31'::date),"id") WHERE clock_paused_at is null;--> statement-breakpoint
CREATE INDEX "applications_due_order_idx" ON "applications" USING btree (coalesce("stage_due_on", '9999-12-31'::date),"id");