CREATE INDEX "allotments_date_idx" ON "allotments" USING btree ("allotment_date","id");--> statement-breakpoint
CREATE INDEX "allotments_status_idx" ON "allotments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_reference_trgm_idx" ON "payments" USING gin ("transaction_reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("full_name","id");