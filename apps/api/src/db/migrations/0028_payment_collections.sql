CREATE TABLE "payment_collections_base" (
	"day" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "payment_collections_base_day_method_pk" PRIMARY KEY("day","method")
);
--> statement-breakpoint
CREATE TABLE "payment_collections_deltas" (
	"day" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
-- The finance dashboard's collections (repositories/finance-reports.ts) read these per day and mode instead of every
-- successful payment of the period: at a million applications a year of payments is some 600,000 rows. Kept as
-- migration 0018's summaries are: a statement-level trigger appends one delta per changed day and mode (a payment
-- that stops being successful, or moves day or mode, takes its old row's figures away), and fold_summary_deltas
-- folds the deltas into the base rows. The day is India's, as the other summaries' are; in another business zone the
-- report reads the payments instead.
CREATE FUNCTION summarise_payment_collections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO payment_collections_deltas (day, method, count, amount)
      SELECT (c.payment_date AT TIME ZONE 'Asia/Kolkata')::date, c.payment_method, sum(c.n), sum(c.n * c.amount)
      FROM (%s) c WHERE c.status = 'success'
      GROUP BY 1, 2 HAVING sum(c.n) <> 0 OR sum(c.n * c.amount) <> 0 $q$, summary_changes(TG_OP));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_collections_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_payment_collections();--> statement-breakpoint
CREATE TRIGGER payments_collections_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_payment_collections();--> statement-breakpoint
CREATE TRIGGER payments_collections_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_payment_collections();--> statement-breakpoint
-- The figures of the payments already there.
INSERT INTO payment_collections_base (day, method, count, amount)
  SELECT (payment_date AT TIME ZONE 'Asia/Kolkata')::date, payment_method, count(*), sum(amount)
  FROM payments WHERE status = 'success' GROUP BY 1, 2;--> statement-breakpoint
-- Folds the collections' deltas too; the rest as migration 0018 wrote it.
CREATE OR REPLACE FUNCTION fold_summary_deltas() RETURNS void LANGUAGE plpgsql AS $$
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
  WITH moved AS (DELETE FROM application_pendency_deltas RETURNING status, zone, waiting_on, assigned_to, stage_due_on, paused, count)
  INSERT INTO application_pendency_base AS t (status, zone, waiting_on, assigned_to, stage_due_on, paused, count)
    SELECT status, zone, waiting_on, assigned_to, stage_due_on, paused, sum(count) FROM moved
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (status, zone, waiting_on, assigned_to, stage_due_on, paused) DO UPDATE SET count = t.count + EXCLUDED.count;
  DELETE FROM application_pendency_base WHERE count = 0;
  WITH moved AS (DELETE FROM application_flow_deltas RETURNING week, zone, received, decided, late_finished)
  INSERT INTO application_flow_base AS t (week, zone, received, decided, late_finished)
    SELECT week, zone, sum(received), sum(decided), sum(late_finished) FROM moved GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (week, zone) DO UPDATE SET received = t.received + EXCLUDED.received,
      decided = t.decided + EXCLUDED.decided, late_finished = t.late_finished + EXCLUDED.late_finished;
  PERFORM fold_report_deltas('application_report');
  PERFORM fold_report_deltas('asset_report');
  PERFORM fold_report_deltas('payment_report');
  PERFORM fold_report_deltas('allotment_report');
  WITH moved AS (DELETE FROM payment_collections_deltas RETURNING day, method, count, amount)
  INSERT INTO payment_collections_base AS t (day, method, count, amount)
    SELECT day, method, sum(count), sum(amount) FROM moved GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, method) DO UPDATE SET count = t.count + EXCLUDED.count, amount = t.amount + EXCLUDED.amount;
END $$;
