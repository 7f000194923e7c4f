CREATE INDEX "gateway_orders_created_idx" ON "gateway_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gateway_orders_amount_idx" ON "gateway_orders" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "gateway_orders_user_idx" ON "gateway_orders" USING btree ("user_id");