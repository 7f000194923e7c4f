-- Ledger adjustments forgive interest or correct an account: their maker and checker join the audit trail of
-- migration 0006, beside the ledger's own record of what was posted.
CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON "ledger_adjustments" FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_lock();--> statement-breakpoint
CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON "ledger_adjustments" FOR EACH ROW EXECUTE FUNCTION audit_record();
