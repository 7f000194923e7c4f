CREATE TYPE "public"."adjustment_kind" AS ENUM('interest_waiver', 'debit', 'credit');--> statement-breakpoint
CREATE TYPE "public"."approval_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."bank_credit_status" AS ENUM('matched', 'unmatched', 'settlement_pending', 'settled', 'set_aside');--> statement-breakpoint
CREATE TYPE "public"."challan_status" AS ENUM('open', 'paid', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."gateway_order_status" AS ENUM('created', 'paid', 'failed', 'mismatch');--> statement-breakpoint
CREATE TYPE "public"."gateway_settled_via" AS ENUM('redirect', 'webhook', 'requery');--> statement-breakpoint
CREATE TYPE "public"."ledger_entry_type" AS ENUM('invoice', 'payment', 'interest', 'waiver', 'refund_due', 'refund', 'adjustment');--> statement-breakpoint
CREATE TYPE "public"."refund_kind" AS ENUM('emd', 'surrender', 'excess');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('prepared', 'approved', 'paid', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."application_status" ADD VALUE 'withdrawn';--> statement-breakpoint
ALTER TYPE "public"."invoice_type" ADD VALUE 'lease_rent';--> statement-breakpoint
ALTER TYPE "public"."invoice_type" ADD VALUE 'maintenance_charge';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'neft_rtgs';--> statement-breakpoint
ALTER TYPE "public"."timeline_entity_type" ADD VALUE 'gateway_order';--> statement-breakpoint
ALTER TYPE "public"."timeline_entity_type" ADD VALUE 'challan';--> statement-breakpoint
ALTER TYPE "public"."timeline_entity_type" ADD VALUE 'refund';--> statement-breakpoint
ALTER TYPE "public"."timeline_entity_type" ADD VALUE 'ledger_adjustment';--> statement-breakpoint
CREATE TABLE "bank_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"bank_reference" text NOT NULL,
	"value_date" date NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"narration" text NOT NULL,
	"quoted_reference" text,
	"status" "bank_credit_status" NOT NULL,
	"challan_id" uuid,
	"payment_id" uuid,
	"settle_invoice_id" uuid,
	"settle_note" text,
	"settle_prepared_by" uuid,
	"settle_prepared_at" timestamp with time zone,
	"settle_approved_by" uuid,
	"settle_approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_credits_bank_reference_unique" UNIQUE("bank_reference")
);
--> statement-breakpoint
CREATE TABLE "bank_statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"imported_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows_total" integer NOT NULL,
	"matched" integer NOT NULL,
	"unmatched" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"malformed" integer NOT NULL,
	"report" jsonb NOT NULL,
	CONSTRAINT "bank_statement_imports_file_sha256_unique" UNIQUE("file_sha256")
);
--> statement-breakpoint
CREATE TABLE "challans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challan_number" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"interest" numeric(16, 2) DEFAULT 0 NOT NULL,
	"status" "challan_status" DEFAULT 'open' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" date NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "challans_challan_number_unique" UNIQUE("challan_number")
);
--> statement-breakpoint
CREATE TABLE "gateway_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"gateway_order_id" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"interest" numeric(16, 2) DEFAULT 0 NOT NULL,
	"status" "gateway_order_status" DEFAULT 'created' NOT NULL,
	"gateway_payment_id" text,
	"settled_via" "gateway_settled_via",
	"mismatch_code" text,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gateway_orders_gateway_order_id_unique" UNIQUE("gateway_order_id"),
	CONSTRAINT "gateway_orders_gateway_payment_id_unique" UNIQUE("gateway_payment_id")
);
--> statement-breakpoint
CREATE TABLE "gateway_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"gateway_order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"adjustment_number" text NOT NULL,
	"application_id" uuid NOT NULL,
	"invoice_id" uuid,
	"kind" "adjustment_kind" NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"reason" text NOT NULL,
	"status" "approval_status" DEFAULT 'pending' NOT NULL,
	"maker_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checker_id" uuid,
	"checked_at" timestamp with time zone,
	"rejection_reason" text,
	CONSTRAINT "ledger_adjustments_adjustment_number_unique" UNIQUE("adjustment_number")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"allotment_id" uuid,
	"entry_type" "ledger_entry_type" NOT NULL,
	"debit" numeric(16, 2) DEFAULT 0 NOT NULL,
	"credit" numeric(16, 2) DEFAULT 0 NOT NULL,
	"source_key" text NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"adjustment_id" uuid,
	"reference" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_by" uuid,
	CONSTRAINT "ledger_entries_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "ledger_entries_one_side" CHECK ((debit > 0 and credit = 0) or (credit > 0 and debit = 0))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_number" text NOT NULL,
	"application_id" uuid NOT NULL,
	"allotment_id" uuid,
	"payee_user_id" uuid NOT NULL,
	"kind" "refund_kind" NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"status" "refund_status" DEFAULT 'prepared' NOT NULL,
	"note" text,
	"prepared_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"rejected_by" uuid,
	"rejected_at" timestamp with time zone,
	"rejection_reason" text,
	"bank_name" text,
	"bank_account" text,
	"bank_ifsc" text,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	"utr" text,
	CONSTRAINT "refunds_refund_number_unique" UNIQUE("refund_number"),
	CONSTRAINT "refunds_utr_unique" UNIQUE("utr")
);
--> statement-breakpoint
DROP INDEX "invoices_application_type_uq";--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "bank_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "bank_verified_by" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "allotment_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "financial_year" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billed_to" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "interest_waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "interest" numeric(16, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_order_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_credit_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_import_id_bank_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_challan_id_challans_id_fk" FOREIGN KEY ("challan_id") REFERENCES "public"."challans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_settle_invoice_id_invoices_id_fk" FOREIGN KEY ("settle_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_settle_prepared_by_users_id_fk" FOREIGN KEY ("settle_prepared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_settle_approved_by_users_id_fk" FOREIGN KEY ("settle_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challans" ADD CONSTRAINT "challans_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challans" ADD CONSTRAINT "challans_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challans" ADD CONSTRAINT "challans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_adjustment_id_ledger_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."ledger_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_prepared_by_users_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_credits_status_idx" ON "bank_credits" USING btree ("status","value_date");--> statement-breakpoint
CREATE INDEX "bank_credits_import_idx" ON "bank_credits" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "bank_credits_value_date_idx" ON "bank_credits" USING btree ("value_date");--> statement-breakpoint
CREATE INDEX "bank_statement_imports_at_idx" ON "bank_statement_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "challans_open_invoice_uq" ON "challans" USING btree ("invoice_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "challans_application_idx" ON "challans" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "challans_status_idx" ON "challans" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "gateway_orders_status_idx" ON "gateway_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "gateway_orders_invoice_idx" ON "gateway_orders" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_adjustments_pending_waiver_uq" ON "ledger_adjustments" USING btree ("invoice_id") WHERE status = 'pending' and kind = 'interest_waiver';--> statement-breakpoint
CREATE INDEX "ledger_adjustments_status_idx" ON "ledger_adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "ledger_adjustments_application_idx" ON "ledger_adjustments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_application_idx" ON "ledger_entries" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_posted_idx" ON "ledger_entries" USING btree ("posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_application_kind_uq" ON "refunds" USING btree ("application_id","kind") WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_payee_idx" ON "refunds" USING btree ("payee_user_id");--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_bank_verified_by_users_id_fk" FOREIGN KEY ("bank_verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billed_to_users_id_fk" FOREIGN KEY ("billed_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gateway_order_id_gateway_orders_id_fk" FOREIGN KEY ("gateway_order_id") REFERENCES "public"."gateway_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bank_credit_id_bank_credits_id_fk" FOREIGN KEY ("bank_credit_id") REFERENCES "public"."bank_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_allotment_year_uq" ON "invoices" USING btree ("allotment_id","invoice_type","financial_year") WHERE financial_year is not null;--> statement-breakpoint
CREATE INDEX "invoices_billed_to_idx" ON "invoices" USING btree ("billed_to");--> statement-breakpoint
CREATE INDEX "payments_method_date_idx" ON "payments" USING btree ("payment_method","payment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_application_type_uq" ON "invoices" USING btree ("application_id","invoice_type") WHERE service_request_id is null and financial_year is null;--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry (decision 016).
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only' USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
-- Every invoice and every successful payment is a ledger entry, whichever code path wrote it (a move, a billing
-- run, the seed): debit the invoice; for a payment, debit the interest on arrears it carried, then credit it all.
CREATE FUNCTION ledger_post_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_entries (application_id, allotment_id, entry_type, debit, source_key, invoice_id, reference, posted_at)
  VALUES (NEW.application_id, NEW.allotment_id, 'invoice', NEW.amount, 'invoice:' || NEW.id, NEW.id, NEW.invoice_number, NEW.generated_at);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_post_invoice AFTER INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION ledger_post_invoice();--> statement-breakpoint
CREATE FUNCTION ledger_post_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  invoice_allotment uuid;
BEGIN
  IF NEW.status <> 'success' THEN
    RETURN NEW;
  END IF;
  SELECT allotment_id INTO invoice_allotment FROM invoices WHERE id = NEW.invoice_id;
  IF NEW.interest > 0 THEN
    INSERT INTO ledger_entries (application_id, allotment_id, entry_type, debit, source_key, invoice_id, payment_id, reference, posted_at, posted_by)
    VALUES (NEW.application_id, invoice_allotment, 'interest', NEW.interest, 'interest:' || NEW.id, NEW.invoice_id, NEW.id, NEW.receipt_number, NEW.payment_date, NEW.paid_by);
  END IF;
  INSERT INTO ledger_entries (application_id, allotment_id, entry_type, credit, source_key, invoice_id, payment_id, reference, posted_at, posted_by)
  VALUES (NEW.application_id, invoice_allotment, 'payment', NEW.amount, 'payment:' || NEW.id, NEW.invoice_id, NEW.id, NEW.receipt_number, NEW.payment_date, NEW.paid_by);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_post_payment AFTER INSERT ON payments FOR EACH ROW EXECUTE FUNCTION ledger_post_payment();--> statement-breakpoint
-- A change of bank details clears their verification: refunds go only to an account finance has checked.
CREATE FUNCTION applicants_bank_change_unverifies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.bank_name, NEW.bank_account, NEW.bank_ifsc) IS DISTINCT FROM (OLD.bank_name, OLD.bank_account, OLD.bank_ifsc) THEN
    NEW.bank_verified_at := NULL;
    NEW.bank_verified_by := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER applicants_bank_change_unverifies BEFORE UPDATE ON applicants
  FOR EACH ROW EXECUTE FUNCTION applicants_bank_change_unverifies();--> statement-breakpoint
-- The ledger of what came before: every invoice and successful payment, in the order they happened.
INSERT INTO ledger_entries (application_id, entry_type, debit, credit, source_key, invoice_id, payment_id, reference, posted_at, posted_by)
SELECT application_id, entry_type::ledger_entry_type, debit, credit, source_key, invoice_id, payment_id, reference, posted_at, posted_by
FROM (
  SELECT application_id, 'invoice' AS entry_type, amount AS debit, 0 AS credit, 'invoice:' || id AS source_key, id AS invoice_id,
    NULL::uuid AS payment_id, invoice_number AS reference, generated_at AS posted_at, NULL::uuid AS posted_by, 0 AS side
  FROM invoices
  UNION ALL
  SELECT application_id, 'payment', 0, amount, 'payment:' || id, invoice_id, id, receipt_number, payment_date, paid_by, 1
  FROM payments WHERE status = 'success'
) earlier
ORDER BY posted_at, side, reference;
