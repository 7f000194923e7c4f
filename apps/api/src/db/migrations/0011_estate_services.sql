ALTER TYPE "public"."timeline_entity_type" ADD VALUE 'show_cause';--> statement-breakpoint
CREATE TABLE "allotment_holders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"allotment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"held_from" timestamp with time zone DEFAULT now() NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"ended_by_request_id" uuid
);
--> statement-breakpoint
CREATE TABLE "show_cause_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"show_cause_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "show_causes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_number" text NOT NULL,
	"allotment_id" uuid NOT NULL,
	"grounds" text NOT NULL,
	"issued_by" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply_by" date NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hearing_note" text,
	"outcome" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"refund_due" numeric(16, 2),
	CONSTRAINT "show_causes_notice_number_unique" UNIQUE("notice_number")
);
--> statement-breakpoint
ALTER TABLE "allotments" ADD COLUMN "activity" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "constitution" text DEFAULT 'proprietorship' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "particulars" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "transferee_email" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "transferee_user_id" uuid;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "transferee_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "took_effect_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "allotment_holders" ADD CONSTRAINT "allotment_holders_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_holders" ADD CONSTRAINT "allotment_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotment_holders" ADD CONSTRAINT "allotment_holders_ended_by_request_id_service_requests_id_fk" FOREIGN KEY ("ended_by_request_id") REFERENCES "public"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_cause_documents" ADD CONSTRAINT "show_cause_documents_show_cause_id_show_causes_id_fk" FOREIGN KEY ("show_cause_id") REFERENCES "public"."show_causes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_cause_documents" ADD CONSTRAINT "show_cause_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_causes" ADD CONSTRAINT "show_causes_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_causes" ADD CONSTRAINT "show_causes_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_causes" ADD CONSTRAINT "show_causes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allotment_holders_user_idx" ON "allotment_holders" USING btree ("user_id","held_from");--> statement-breakpoint
CREATE INDEX "allotment_holders_allotment_idx" ON "allotment_holders" USING btree ("allotment_id","held_from");--> statement-breakpoint
CREATE INDEX "show_cause_documents_notice_idx" ON "show_cause_documents" USING btree ("show_cause_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "show_causes_open_uq" ON "show_causes" USING btree ("allotment_id") WHERE "show_causes"."outcome" IS NULL;--> statement-breakpoint
CREATE INDEX "show_causes_awaiting_idx" ON "show_causes" USING btree ("reply_by") WHERE "show_causes"."outcome" IS NULL AND "show_causes"."replied_at" IS NULL;--> statement-breakpoint
CREATE INDEX "show_causes_allotment_idx" ON "show_causes" USING btree ("allotment_id","issued_at");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_transferee_user_id_users_id_fk" FOREIGN KEY ("transferee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_transferee_idx" ON "service_requests" USING btree ("transferee_email") WHERE "service_requests"."transferee_email" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_order_number_unique" UNIQUE("order_number");--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_constitution_check" CHECK ("constitution" IN ('proprietorship', 'partnership', 'llp', 'private_limited', 'public_limited', 'cooperative_society', 'trust'));--> statement-breakpoint
ALTER TABLE "show_causes" ADD CONSTRAINT "show_causes_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('cancelled', 'dropped'));
