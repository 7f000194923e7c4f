CREATE TYPE "public"."allotment_status" AS ENUM('active', 'expired', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."allotment_type" AS ENUM('provisional', 'final');--> statement-breakpoint
CREATE TYPE "public"."applicant_category" AS ENUM('general', 'sc', 'st', 'bc', 'women', 'minority', 'mse');--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('draft', 'submitted', 'under_scrutiny', 'pending_committee', 'approved', 'rejected', 'pending_payment', 'payment_verified', 'provisional_allotment', 'lease_submitted', 'final_allotment', 'possession_given', 'under_implementation', 'completed');--> statement-breakpoint
CREATE TYPE "public"."application_type" AS ENUM('new', 'expansion_reservation');--> statement-breakpoint
CREATE TYPE "public"."asset_status" AS ENUM('available', 'reserved', 'allotted', 'other');--> statement-breakpoint
CREATE TYPE "public"."asset_type" AS ENUM('land', 'plot', 'shed', 'building');--> statement-breakpoint
CREATE TYPE "public"."asset_unit" AS ENUM('sqm', 'sqft', 'acres');--> statement-breakpoint
CREATE TYPE "public"."committee_type" AS ENUM('slsc', 'slac', 'board', 'sipc');--> statement-breakpoint
CREATE TYPE "public"."document_status" AS ENUM('pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."document_type" AS ENUM('dpr', 'pan_card', 'bank_proof', 'gst_certificate', 'caste_certificate', 'other');--> statement-breakpoint
CREATE TYPE "public"."invoice_type" AS ENUM('processing_fee', 'emd', 'premium_instalment');--> statement-breakpoint
CREATE TYPE "public"."lease_deed_status" AS ENUM('pending', 'approved', 'rejected', 'needs_revision');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('online');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('success', 'failed');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin');--> statement-breakpoint
CREATE TYPE "public"."service_request_status" AS ENUM('submitted', 'in_progress', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."service_request_type" AS ENUM('change_name', 'change_constitution', 'transfer', 'mortgage_noc', 'subletting', 'withdrawal', 'activity_change', 'eot');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('pending', 'paid');--> statement-breakpoint
CREATE TYPE "public"."timeline_entity_type" AS ENUM('application', 'document', 'invoice', 'payment', 'allotment', 'lease_deed', 'possession', 'meeting', 'service_request');--> statement-breakpoint
CREATE TABLE "allotments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"allotment_number" text NOT NULL,
	"application_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"allotment_type" "allotment_type" DEFAULT 'provisional' NOT NULL,
	"allotment_date" date NOT NULL,
	"expiry_date" date,
	"status" "allotment_status" DEFAULT 'active' NOT NULL,
	"letter_generated" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allotments_allotment_number_unique" UNIQUE("allotment_number")
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_name" text NOT NULL,
	"pan_number" text NOT NULL,
	"gst_number" text,
	"category" "applicant_category" DEFAULT 'general' NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account" text NOT NULL,
	"bank_ifsc" text NOT NULL,
	"sdp_reference" text,
	"kyc_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicants_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_number" text NOT NULL,
	"applicant_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"application_type" "application_type" DEFAULT 'new' NOT NULL,
	"status" "application_status" DEFAULT 'draft' NOT NULL,
	"current_stage" text NOT NULL,
	"estimated_investment" numeric(16, 2) NOT NULL,
	"employment_generation" integer NOT NULL,
	"project_description" text NOT NULL,
	"assigned_to" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_application_number_unique" UNIQUE("application_number")
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_code" text NOT NULL,
	"category_id" text NOT NULL,
	"type" "asset_type" NOT NULL,
	"zone" text NOT NULL,
	"location" text NOT NULL,
	"survey_number" text NOT NULL,
	"plot_number" text,
	"total_area" numeric(14, 2) NOT NULL,
	"available_area" numeric(14, 2) NOT NULL,
	"unit" "asset_unit" NOT NULL,
	"valuation" numeric(16, 2) NOT NULL,
	"status" "asset_status" DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_asset_code_unique" UNIQUE("asset_code")
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_name_year_pk" PRIMARY KEY("name","year")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"document_type" "document_type" NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"verification_status" "document_status" DEFAULT 'pending' NOT NULL,
	"verified_by" uuid,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"application_id" uuid NOT NULL,
	"invoice_type" "invoice_type" NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"due_date" date NOT NULL,
	"status" "invoice_status" DEFAULT 'pending' NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_invoice_number_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
CREATE TABLE "lease_deeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"allotment_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_size" integer NOT NULL,
	"submission_date" timestamp with time zone DEFAULT now() NOT NULL,
	"verification_status" "lease_deed_status" DEFAULT 'pending' NOT NULL,
	"remarks" text,
	"verified_by" uuid,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_number" text NOT NULL,
	"meeting_date" date NOT NULL,
	"committee_type" "committee_type" NOT NULL,
	"agenda" text NOT NULL,
	"application_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_meeting_number_unique" UNIQUE("meeting_number")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_number" text NOT NULL,
	"application_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"payment_date" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_method" "payment_method" DEFAULT 'online' NOT NULL,
	"transaction_reference" text NOT NULL,
	"status" "payment_status" DEFAULT 'success' NOT NULL,
	"paid_by" uuid,
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number")
);
--> statement-breakpoint
CREATE TABLE "possessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"allotment_id" uuid NOT NULL,
	"possession_date" date NOT NULL,
	"area_verified" numeric(14, 2) NOT NULL,
	"boundary_marked" boolean DEFAULT true NOT NULL,
	"remarks" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "possessions_allotment_id_unique" UNIQUE("allotment_id")
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_number" text NOT NULL,
	"user_id" uuid NOT NULL,
	"request_type" "service_request_type" NOT NULL,
	"application_id" uuid,
	"allotment_id" uuid,
	"description" text NOT NULL,
	"fee_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"status" "service_request_status" DEFAULT 'submitted' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_request_number_unique" UNIQUE("request_number")
);
--> statement-breakpoint
CREATE TABLE "timeline_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid,
	"action" text NOT NULL,
	"user_role" text NOT NULL,
	"user_name" text NOT NULL,
	"user_id" uuid,
	"details" text DEFAULT '' NOT NULL,
	"entity_type" timeline_entity_type NOT NULL,
	"entity_id" uuid,
	"timestamp" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text NOT NULL,
	"role" "role" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_deeds" ADD CONSTRAINT "lease_deeds_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_deeds" ADD CONSTRAINT "lease_deeds_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possessions" ADD CONSTRAINT "possessions_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "possessions" ADD CONSTRAINT "possessions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allotments_active_asset_uq" ON "allotments" USING btree ("asset_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "allotments_active_application_uq" ON "allotments" USING btree ("application_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "assets_status_idx" ON "assets" USING btree ("status");--> statement-breakpoint
CREATE INDEX "documents_application_idx" ON "documents" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_application_type_uq" ON "invoices" USING btree ("application_id","invoice_type");--> statement-breakpoint
CREATE INDEX "invoices_generated_idx" ON "invoices" USING btree ("generated_at");--> statement-breakpoint
CREATE INDEX "lease_deeds_allotment_idx" ON "lease_deeds" USING btree ("allotment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_success_uq" ON "payments" USING btree ("invoice_id") WHERE status = 'success';--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date");--> statement-breakpoint
CREATE INDEX "service_requests_user_idx" ON "service_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "timeline_application_idx" ON "timeline_events" USING btree ("application_id","seq");