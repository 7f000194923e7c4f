-- SMS and sign-in by a one-time code (decision 037). A user's mobile number is kept only once verified by a code,
-- with when it was verified and the optional SMS templates the user turned off (the users table is audited, so a
-- change of number is in the trail).
ALTER TABLE "users" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_opted_out" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- One account per verified number: sign-in by code finds the account by it.
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile") WHERE "users"."mobile" IS NOT NULL;
--> statement-breakpoint
-- One-time codes: only a hash of each (HMAC-SHA-256), its purpose, the number it was sent to, the tries left and
-- when it expires; spent once. A code asked for a number no account has is kept too (without a user), so both
-- answers do the same work. Not audited: the trail would copy the hashes.
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"mobile" text NOT NULL,
	"user_id" uuid,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" IN ('sign_in', 'verify_mobile'))
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_codes_mobile_idx" ON "one_time_codes" USING btree ("mobile","purpose","created_at");
--> statement-breakpoint
-- The SMS outbox, as the mail outbox (decision 011): written in the event's transaction, once per dedupe key, claimed
-- under a lease by the SMS sweep, retried with back-off on the portal's clock; its segments counted when written (the
-- cost); the provider's message id and its delivery report kept. A one-time code's own variables are kept encrypted
-- (secret_params) and wiped once sent. Not audited: a message is not a business record, and it is not pruned.
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"to_mobile" text NOT NULL,
	"template" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_params" text,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"segments" integer NOT NULL,
	"unicode" boolean NOT NULL,
	"provider_message_id" text,
	"delivery_cause" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "sms_outbox_provider_message_id_unique" UNIQUE("provider_message_id"),
	CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" IN ('pending', 'sending', 'submitted', 'delivered', 'undelivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at","id");--> statement-breakpoint
-- The segments sent per day (the cost on the admins' screen) are summed through this index.
CREATE INDEX "sms_outbox_sent_idx" ON "sms_outbox" USING btree ("sent_at");
--> statement-breakpoint
-- Every delivery report the provider posted, as it came (a message may have several: a fragment each).
CREATE TABLE "sms_delivery_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_id" uuid,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"cause" text,
	"error_code" text,
	"fragments" integer,
	"delivered_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_delivery_reports" ADD CONSTRAINT "sms_delivery_reports_outbox_id_sms_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."sms_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_delivery_reports_outbox_idx" ON "sms_delivery_reports" USING btree ("outbox_id","received_at");
