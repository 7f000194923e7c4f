ALTER TABLE "bank_credits" ADD COLUMN "unmatched_reason" text;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD COLUMN "settle_rejected_by" uuid;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD COLUMN "settle_rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD COLUMN "settle_rejected_reason" text;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD COLUMN "set_aside_by" uuid;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD COLUMN "set_aside_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD COLUMN "set_aside_reason" text;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_settle_rejected_by_users_id_fk" FOREIGN KEY ("settle_rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_set_aside_by_users_id_fk" FOREIGN KEY ("set_aside_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Challans, imported statements and bank credits are money records (a settlement's maker and checker, a credit set
-- aside): the audit trail of migration 0006 covers them.
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "challans" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "challans" FOR EACH ROW EXECUTE FUNCTION audit_record();--> statement-breakpoint
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "bank_statement_imports" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "bank_statement_imports" FOR EACH ROW EXECUTE FUNCTION audit_record();--> statement-breakpoint
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "bank_credits" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "bank_credits" FOR EACH ROW EXECUTE FUNCTION audit_record();
