-- A list's sort index carries the id that breaks the sort's ties (ORDER BY column, id): a yearly billing run writes
-- every allotment's dues at one instant and one due date, a sweep moves thousands of cases at one instant, and a
-- day's payments share their date. With the column alone, a page read the whole tie to order it by id: finance's
-- first page of invoices read 134,858 invoices (68 ms) at a million applications.
DROP INDEX "applications_updated_idx";--> statement-breakpoint
DROP INDEX "invoices_generated_idx";--> statement-breakpoint
DROP INDEX "invoices_due_idx";--> statement-breakpoint
DROP INDEX "payments_date_idx";--> statement-breakpoint
CREATE INDEX "applications_updated_idx" ON "applications" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "invoices_generated_idx" ON "invoices" USING btree ("generated_at","id");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("payment_date","id");