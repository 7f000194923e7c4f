CREATE TYPE "public"."invoice_cancellation_rule" AS ENUM('application_rejected', 'application_withdrawn', 'winner_defaulted');--> statement-breakpoint
ALTER TYPE "public"."adjustment_kind" ADD VALUE 'invoice_cancellation';--> statement-breakpoint
ALTER TYPE "public"."ledger_entry_type" ADD VALUE 'cancellation';--> statement-breakpoint
ALTER TYPE "public"."invoice_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_rule" "invoice_cancellation_rule";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_adjustments_pending_cancellation_uq" ON "ledger_adjustments" USING btree ("invoice_id") WHERE status = 'pending' and kind not in ('interest_waiver', 'debit', 'credit');