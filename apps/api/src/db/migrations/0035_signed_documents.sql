-- Signed documents (decision 035): the DEMO signing identity made on the first start when no certificate is
-- configured, and the allottees' eSign transactions of the lease deed with an eSign Service Provider.
CREATE TABLE "document_signing_identities" (
	"id" text PRIMARY KEY DEFAULT 'demo' NOT NULL,
	"ca_certificate" text NOT NULL,
	"certificate" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esign_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txn" text NOT NULL,
	"allotment_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"prepared_storage_key" text NOT NULL,
	"document_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"lease_deed_id" uuid,
	"signer_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "esign_transactions_txn_unique" UNIQUE("txn"),
	CONSTRAINT "esign_transactions_status_check" CHECK ("esign_transactions"."status" IN ('pending', 'signed', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "esign_transactions" ADD CONSTRAINT "esign_transactions_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_transactions" ADD CONSTRAINT "esign_transactions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_transactions" ADD CONSTRAINT "esign_transactions_lease_deed_id_lease_deeds_id_fk" FOREIGN KEY ("lease_deed_id") REFERENCES "public"."lease_deeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esign_transactions_allotment_idx" ON "esign_transactions" USING btree ("allotment_id","created_at");
--> statement-breakpoint
-- The eSign transactions are the deed's history: audited as every business table. The signing identity is not (its
-- private key would be copied into the trail).
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "esign_transactions" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "esign_transactions" FOR EACH ROW EXECUTE FUNCTION audit_record();
--> statement-breakpoint
-- Who signed an issued PDF, kept when it is issued, so a look-up by code need not read the file.
ALTER TABLE "issued_documents" ADD COLUMN "signer_name" text;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD COLUMN "signed_demo" boolean;--> statement-breakpoint
-- The public check of a file finds the issued document that is exactly that file.
CREATE INDEX "issued_documents_sha256_idx" ON "issued_documents" USING btree ("sha256");
