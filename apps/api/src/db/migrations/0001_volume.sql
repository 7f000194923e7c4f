CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "application_status_base" (
	"status" "application_status" PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_status_deltas" (
	"status" "application_status" NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_status_base" (
	"status" "asset_status" PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_status_deltas" (
	"status" "asset_status" NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_totals_base" (
	"status" "invoice_status" NOT NULL,
	"due_date" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "invoice_totals_base_status_due_date_pk" PRIMARY KEY("status","due_date")
);
--> statement-breakpoint
CREATE TABLE "invoice_totals_deltas" (
	"status" "invoice_status" NOT NULL,
	"due_date" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_totals_base" (
	"status" "payment_status" PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_totals_deltas" (
	"status" "payment_status" NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "applications_applicant_idx";--> statement-breakpoint
DROP INDEX "applications_status_idx";--> statement-breakpoint
DROP INDEX "service_requests_user_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "allotments_application_idx" ON "allotments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "allotments_asset_idx" ON "allotments" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "allotments_created_idx" ON "allotments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "allotments_number_trgm_idx" ON "allotments" USING gin ("allotment_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_submitted_idx" ON "applications" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "applications_updated_idx" ON "applications" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "applications_asset_idx" ON "applications" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "applications_assigned_idx" ON "applications" USING btree ("assigned_to","created_at") WHERE assigned_to is not null;--> statement-breakpoint
CREATE INDEX "applications_search_trgm_idx" ON "applications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assets_zone_idx" ON "assets" USING btree ("zone");--> statement-breakpoint
CREATE INDEX "assets_type_idx" ON "assets" USING btree ("type");--> statement-breakpoint
CREATE INDEX "assets_category_idx" ON "assets" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "assets_created_idx" ON "assets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "assets_search_trgm_idx" ON "assets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "meetings_date_idx" ON "meetings" USING btree ("meeting_date");--> statement-breakpoint
CREATE INDEX "meetings_created_idx" ON "meetings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_application_idx" ON "payments" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_receipt_trgm_idx" ON "payments" USING gin ("receipt_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_requests_submitted_idx" ON "service_requests" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "service_requests_status_idx" ON "service_requests" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_user_idx" ON "service_requests" USING btree ("user_id","submitted_at");--> statement-breakpoint
-- The search text of an application: its number, its applicant's organisation and its asset's code.
CREATE FUNCTION application_search_text(p_number text, p_applicant uuid, p_asset uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(p_number || ' ' || coalesce((SELECT organization_name FROM applicants WHERE id = p_applicant), '')
    || ' ' || coalesce((SELECT asset_code FROM assets WHERE id = p_asset), ''))
$$;--> statement-breakpoint
CREATE FUNCTION applications_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := application_search_text(NEW.application_number, NEW.applicant_id, NEW.asset_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_search_text BEFORE INSERT OR UPDATE OF application_number, applicant_id, asset_id
  ON applications FOR EACH ROW EXECUTE FUNCTION applications_set_search_text();--> statement-breakpoint
CREATE FUNCTION applicants_refresh_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET search_text = application_search_text(application_number, applicant_id, asset_id)
    WHERE applicant_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applicants_search_text AFTER UPDATE OF organization_name ON applicants
  FOR EACH ROW WHEN (OLD.organization_name IS DISTINCT FROM NEW.organization_name)
  EXECUTE FUNCTION applicants_refresh_search_text();--> statement-breakpoint
CREATE FUNCTION assets_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(NEW.asset_code || ' ' || NEW.location || ' ' || NEW.zone);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_search_text BEFORE INSERT OR UPDATE OF asset_code, location, zone
  ON assets FOR EACH ROW EXECUTE FUNCTION assets_set_search_text();--> statement-breakpoint
CREATE FUNCTION assets_refresh_application_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications SET search_text = application_search_text(application_number, applicant_id, asset_id)
    WHERE asset_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_application_search_text AFTER UPDATE OF asset_code ON assets
  FOR EACH ROW WHEN (OLD.asset_code IS DISTINCT FROM NEW.asset_code)
  EXECUTE FUNCTION assets_refresh_application_search_text();--> statement-breakpoint
UPDATE assets SET search_text = lower(asset_code || ' ' || location || ' ' || zone);--> statement-breakpoint
UPDATE applications SET search_text = application_search_text(application_number, applicant_id, asset_id);--> statement-breakpoint
-- Summary figures. Statement-level triggers see every changed row at once (transition tables) and append one delta
-- row per key, so a bulk insert costs one small insert and concurrent writers never wait on a shared counter row.
CREATE FUNCTION summarise_application_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO application_status_deltas (status, count) SELECT status, count(*) FROM new_rows GROUP BY status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO application_status_deltas (status, count) SELECT status, -count(*) FROM old_rows GROUP BY status;
  ELSE
    -- Only keys whose figures changed: an update that leaves the status alone appends nothing.
    INSERT INTO application_status_deltas (status, count)
      SELECT status, sum(n) FROM (
        SELECT status, 1 AS n FROM new_rows UNION ALL SELECT status, -1 FROM old_rows
      ) changes GROUP BY status HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_application_status_insert AFTER INSERT ON applications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_application_status();--> statement-breakpoint
CREATE TRIGGER applications_application_status_update AFTER UPDATE ON applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_application_status();--> statement-breakpoint
CREATE TRIGGER applications_application_status_delete AFTER DELETE ON applications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_application_status();--> statement-breakpoint
CREATE VIEW application_status_counts AS
  SELECT status, sum(count)::bigint AS count FROM (
    SELECT status, count FROM application_status_base UNION ALL SELECT status, count FROM application_status_deltas
  ) parts GROUP BY status;--> statement-breakpoint
INSERT INTO application_status_base (status, count) SELECT status, count(*) FROM applications GROUP BY status;--> statement-breakpoint
CREATE FUNCTION summarise_asset_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO asset_status_deltas (status, count) SELECT status, count(*) FROM new_rows GROUP BY status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO asset_status_deltas (status, count) SELECT status, -count(*) FROM old_rows GROUP BY status;
  ELSE
    -- Only keys whose figures changed: an update that leaves the status alone appends nothing.
    INSERT INTO asset_status_deltas (status, count)
      SELECT status, sum(n) FROM (
        SELECT status, 1 AS n FROM new_rows UNION ALL SELECT status, -1 FROM old_rows
      ) changes GROUP BY status HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_asset_status_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_asset_status();--> statement-breakpoint
CREATE TRIGGER assets_asset_status_update AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_asset_status();--> statement-breakpoint
CREATE TRIGGER assets_asset_status_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_asset_status();--> statement-breakpoint
CREATE VIEW asset_status_counts AS
  SELECT status, sum(count)::bigint AS count FROM (
    SELECT status, count FROM asset_status_base UNION ALL SELECT status, count FROM asset_status_deltas
  ) parts GROUP BY status;--> statement-breakpoint
INSERT INTO asset_status_base (status, count) SELECT status, count(*) FROM assets GROUP BY status;--> statement-breakpoint
CREATE FUNCTION summarise_invoice_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_totals_deltas (status, due_date, count, amount) SELECT status, due_date, count(*), sum(amount) FROM new_rows GROUP BY status, due_date;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_totals_deltas (status, due_date, count, amount) SELECT status, due_date, -count(*), -sum(amount) FROM old_rows GROUP BY status, due_date;
  ELSE
    -- Only keys whose figures changed: an update that leaves the status alone appends nothing.
    INSERT INTO invoice_totals_deltas (status, due_date, count, amount)
      SELECT status, due_date, sum(n), sum(amount) FROM (
        SELECT status, due_date, 1 AS n, amount FROM new_rows UNION ALL SELECT status, due_date, -1, -amount FROM old_rows
      ) changes GROUP BY status, due_date HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_invoice_totals_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_invoice_totals();--> statement-breakpoint
CREATE TRIGGER invoices_invoice_totals_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_invoice_totals();--> statement-breakpoint
CREATE TRIGGER invoices_invoice_totals_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_invoice_totals();--> statement-breakpoint
CREATE VIEW invoice_totals AS
  SELECT status, due_date, sum(count)::bigint AS count, sum(amount)::numeric(20, 2) AS amount FROM (
    SELECT status, due_date, count, amount FROM invoice_totals_base UNION ALL SELECT status, due_date, count, amount FROM invoice_totals_deltas
  ) parts GROUP BY status, due_date;--> statement-breakpoint
INSERT INTO invoice_totals_base (status, due_date, count, amount) SELECT status, due_date, count(*), sum(amount) FROM invoices GROUP BY status, due_date;--> statement-breakpoint
CREATE FUNCTION summarise_payment_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_totals_deltas (status, count, amount) SELECT status, count(*), sum(amount) FROM new_rows GROUP BY status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO payment_totals_deltas (status, count, amount) SELECT status, -count(*), -sum(amount) FROM old_rows GROUP BY status;
  ELSE
    -- Only keys whose figures changed: an update that leaves the status alone appends nothing.
    INSERT INTO payment_totals_deltas (status, count, amount)
      SELECT status, sum(n), sum(amount) FROM (
        SELECT status, 1 AS n, amount FROM new_rows UNION ALL SELECT status, -1, -amount FROM old_rows
      ) changes GROUP BY status HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_payment_totals_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_payment_totals();--> statement-breakpoint
CREATE TRIGGER payments_payment_totals_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_payment_totals();--> statement-breakpoint
CREATE TRIGGER payments_payment_totals_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_payment_totals();--> statement-breakpoint
CREATE VIEW payment_totals AS
  SELECT status, sum(count)::bigint AS count, sum(amount)::numeric(20, 2) AS amount FROM (
    SELECT status, count, amount FROM payment_totals_base UNION ALL SELECT status, count, amount FROM payment_totals_deltas
  ) parts GROUP BY status;--> statement-breakpoint
INSERT INTO payment_totals_base (status, count, amount) SELECT status, count(*), sum(amount) FROM payments GROUP BY status;--> statement-breakpoint
-- Moves the deltas into the base rows. Safe to run from several processes at once: each delta row is deleted, and
-- so counted, by one of them; base rows are upserted in key order.
CREATE FUNCTION fold_summary_deltas() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (DELETE FROM application_status_deltas RETURNING status, count)
  INSERT INTO application_status_base AS t (status, count)
    SELECT status, sum(count) FROM moved GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET count = t.count + EXCLUDED.count;
  WITH moved AS (DELETE FROM asset_status_deltas RETURNING status, count)
  INSERT INTO asset_status_base AS t (status, count)
    SELECT status, sum(count) FROM moved GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET count = t.count + EXCLUDED.count;
  WITH moved AS (DELETE FROM invoice_totals_deltas RETURNING status, due_date, count, amount)
  INSERT INTO invoice_totals_base AS t (status, due_date, count, amount)
    SELECT status, due_date, sum(count), sum(amount) FROM moved GROUP BY status, due_date ORDER BY status, due_date
    ON CONFLICT (status, due_date) DO UPDATE SET count = t.count + EXCLUDED.count, amount = t.amount + EXCLUDED.amount;
  WITH moved AS (DELETE FROM payment_totals_deltas RETURNING status, count, amount)
  INSERT INTO payment_totals_base AS t (status, count, amount)
    SELECT status, sum(count), sum(amount) FROM moved GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET count = t.count + EXCLUDED.count, amount = t.amount + EXCLUDED.amount;
END $$;