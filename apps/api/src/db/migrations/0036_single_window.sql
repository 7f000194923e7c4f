-- The state's single window (decision 036): the Common Application Forms it sent (one row per CAF id, so the same CAF
-- twice is the same application), the nonces of its signed requests (a replay finds its nonce), the handoff tokens
-- used (each once), and the outbox of status pushes back to it (one row per event, delivered in order per CAF).
CREATE TABLE "single_window_cafs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caf_id" text NOT NULL,
	"client_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"application_number" text NOT NULL,
	"application_id" uuid,
	"park" text NOT NULL,
	"caf" jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "single_window_cafs_caf_id_unique" UNIQUE("caf_id"),
	CONSTRAINT "single_window_cafs_application_number_unique" UNIQUE("application_number"),
	CONSTRAINT "single_window_cafs_application_id_unique" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "single_window_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_window_handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"jti" text NOT NULL,
	"caf_row_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "single_window_handoffs_jti_unique" UNIQUE("jti")
);
--> statement-breakpoint
CREATE TABLE "single_window_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caf_row_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"dedupe_key" text NOT NULL,
	"status_code" text NOT NULL,
	"external_code" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "single_window_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "single_window_outbox_state_check" CHECK ("single_window_outbox"."state" IN ('pending', 'retrying', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "single_window_cafs" ADD CONSTRAINT "single_window_cafs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_window_cafs" ADD CONSTRAINT "single_window_cafs_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_window_cafs" ADD CONSTRAINT "single_window_cafs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_window_handoffs" ADD CONSTRAINT "single_window_handoffs_caf_row_id_single_window_cafs_id_fk" FOREIGN KEY ("caf_row_id") REFERENCES "public"."single_window_cafs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_window_handoffs" ADD CONSTRAINT "single_window_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_window_outbox" ADD CONSTRAINT "single_window_outbox_caf_row_id_single_window_cafs_id_fk" FOREIGN KEY ("caf_row_id") REFERENCES "public"."single_window_cafs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_window_outbox" ADD CONSTRAINT "single_window_outbox_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "single_window_cafs_user_idx" ON "single_window_cafs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "single_window_nonces_seen_idx" ON "single_window_nonces" USING btree ("seen_at");--> statement-breakpoint
-- The push's order: a CAF's events by their sequence (an earlier one not yet sent holds the later back).
CREATE UNIQUE INDEX "single_window_outbox_caf_sequence_uq" ON "single_window_outbox" USING btree ("caf_row_id","sequence");--> statement-breakpoint
-- The sweep's due pushes, oldest due first.
CREATE INDEX "single_window_outbox_due_idx" ON "single_window_outbox" USING btree ("next_attempt_at","id") WHERE state in ('pending', 'retrying');--> statement-breakpoint
-- The outbox screen's filter by state and its default order.
CREATE INDEX "single_window_outbox_state_idx" ON "single_window_outbox" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "single_window_outbox_created_idx" ON "single_window_outbox" USING btree ("created_at","id");
--> statement-breakpoint
-- The CAFs, the handoffs (sign-ins) and the pushes are business records: audited as every business table. The nonces
-- are not (a replay guard, deleted once past their window).
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "single_window_cafs" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "single_window_cafs" FOR EACH ROW EXECUTE FUNCTION audit_record();--> statement-breakpoint
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "single_window_handoffs" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "single_window_handoffs" FOR EACH ROW EXECUTE FUNCTION audit_record();--> statement-breakpoint
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "single_window_outbox" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "single_window_outbox" FOR EACH ROW EXECUTE FUNCTION audit_record();
