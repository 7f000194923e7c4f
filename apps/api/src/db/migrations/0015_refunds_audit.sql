-- Refunds move money out of the corporation: their maker, checker and payer join the audit trail of migration 0006,
-- beside the ledger's own record of what was owed back and paid.
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION audit_record();
