-- Grievances (decision 038): a complaint of any signed-in user, numbered and routed by category to an officer role
-- (the zone's, finance's or the head office's), with its story and its attachments.
CREATE TABLE "grievances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grievance_number" text NOT NULL,
	"raised_by" uuid NOT NULL,
	"category" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"application_id" uuid,
	"allotment_id" uuid,
	"invoice_id" uuid,
	"zone" text,
	"routed_to" "role" NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"detail_asked_at" timestamp with time zone,
	"escalated_to" "role",
	"escalated_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_on_time" boolean,
	"reopened_at" timestamp with time zone,
	"rating" integer,
	"rated_at" timestamp with time zone,
	CONSTRAINT "grievances_grievance_number_unique" UNIQUE("grievance_number"),
	CONSTRAINT "grievances_status_check" CHECK ("grievances"."status" IN ('open', 'detail_asked', 'resolved')),
	CONSTRAINT "grievances_category_check" CHECK ("grievances"."category" IN ('billing', 'delay', 'officer_conduct', 'park_infrastructure', 'other')),
	CONSTRAINT "grievances_rating_check" CHECK ("grievances"."rating" IS NULL OR "grievances"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "grievance_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grievance_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_role" "role",
	"message" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievance_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grievance_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_entries" ADD CONSTRAINT "grievance_entries_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_entries" ADD CONSTRAINT "grievance_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_attachments" ADD CONSTRAINT "grievance_attachments_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_attachments" ADD CONSTRAINT "grievance_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievances_raised_by_idx" ON "grievances" USING btree ("raised_by","raised_at");--> statement-breakpoint
CREATE INDEX "grievances_status_due_idx" ON "grievances" USING btree ("status","due_on","id");--> statement-breakpoint
CREATE INDEX "grievances_raised_at_idx" ON "grievances" USING btree ("raised_at","id");--> statement-breakpoint
CREATE INDEX "grievances_escalation_due_idx" ON "grievances" USING btree ("due_on","id") WHERE status = 'open' AND escalated_at IS NULL;--> statement-breakpoint
CREATE INDEX "grievance_entries_grievance_idx" ON "grievance_entries" USING btree ("grievance_id","created_at");--> statement-breakpoint
CREATE INDEX "grievance_attachments_grievance_idx" ON "grievance_attachments" USING btree ("grievance_id","uploaded_at");
--> statement-breakpoint
-- The grievances, their stories and their files are business records: audited as every business table.
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "grievances" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "grievances" FOR EACH ROW EXECUTE FUNCTION audit_record();--> statement-breakpoint
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "grievance_entries" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "grievance_entries" FOR EACH ROW EXECUTE FUNCTION audit_record();--> statement-breakpoint
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "grievance_attachments" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "grievance_attachments" FOR EACH ROW EXECUTE FUNCTION audit_record();
