CREATE TABLE "allotment_report_base" (
	"status" text NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "allotment_report_base_status_zone_day_pk" PRIMARY KEY("status","zone","day")
);
--> statement-breakpoint
CREATE TABLE "allotment_report_deltas" (
	"status" text NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_flow_base" (
	"week" date NOT NULL,
	"zone" text NOT NULL,
	"received" bigint NOT NULL,
	"decided" bigint NOT NULL,
	"late_finished" bigint NOT NULL,
	CONSTRAINT "application_flow_base_week_zone_pk" PRIMARY KEY("week","zone")
);
--> statement-breakpoint
CREATE TABLE "application_flow_deltas" (
	"week" date NOT NULL,
	"zone" text NOT NULL,
	"received" bigint NOT NULL,
	"decided" bigint NOT NULL,
	"late_finished" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_pendency_base" (
	"status" "application_status" NOT NULL,
	"zone" text NOT NULL,
	"waiting_on" "role" NOT NULL,
	"assigned_to" uuid NOT NULL,
	"stage_due_on" date NOT NULL,
	"paused" boolean NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "application_pendency_base_status_zone_waiting_on_assigned_to_stage_due_on_paused_pk" PRIMARY KEY("status","zone","waiting_on","assigned_to","stage_due_on","paused")
);
--> statement-breakpoint
CREATE TABLE "application_pendency_deltas" (
	"status" "application_status" NOT NULL,
	"zone" text NOT NULL,
	"waiting_on" "role" NOT NULL,
	"assigned_to" uuid NOT NULL,
	"stage_due_on" date NOT NULL,
	"paused" boolean NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_report_base" (
	"status" text NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "application_report_base_status_zone_day_pk" PRIMARY KEY("status","zone","day")
);
--> statement-breakpoint
CREATE TABLE "application_report_deltas" (
	"status" text NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_report_base" (
	"status" text NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "asset_report_base_status_zone_day_pk" PRIMARY KEY("status","zone","day")
);
--> statement-breakpoint
CREATE TABLE "asset_report_deltas" (
	"status" text NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_report_base" (
	"status" text NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	CONSTRAINT "payment_report_base_status_zone_day_pk" PRIMARY KEY("status","zone","day")
);
--> statement-breakpoint
CREATE TABLE "payment_report_deltas" (
	"status" text NOT NULL,
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
-- Pendency, the weekly flow and the reports' totals (schema.ts, near applicationPendencyBase): statement-level
-- triggers append one delta per changed key, as migration 0001's do. The changed rows are read through one source
-- text (new rows counted +1, old rows -1), so each summary is written once for INSERT, UPDATE and DELETE.
CREATE FUNCTION summary_changes(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT r.*, 1 AS n FROM new_rows r'
    WHEN 'DELETE' THEN 'SELECT r.*, -1 AS n FROM old_rows r'
    ELSE 'SELECT r.*, 1 AS n FROM new_rows r UNION ALL SELECT r.*, -1 AS n FROM old_rows r'
  END
$$;--> statement-breakpoint
CREATE FUNCTION summarise_application_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := summary_changes(TG_OP);
  today date := (now() AT TIME ZONE 'Asia/Kolkata')::date;
BEGIN
  EXECUTE format($q$
    INSERT INTO application_pendency_deltas (status, zone, waiting_on, assigned_to, stage_due_on, paused, count)
      SELECT c.status, a.zone, c.waiting_on, coalesce(c.assigned_to, '00000000-0000-0000-0000-000000000000'),
             coalesce(c.stage_due_on, '9999-12-31'), c.clock_paused_at IS NOT NULL, sum(c.n)
      FROM (%s) c JOIN assets a ON a.id = c.asset_id
      WHERE c.waiting_on IS NOT NULL AND c.status <> 'draft'
      GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(c.n) <> 0 $q$, changes);
  EXECUTE format($q$
    INSERT INTO application_report_deltas (status, zone, day, count, amount)
      SELECT c.status, a.zone, (c.created_at AT TIME ZONE 'Asia/Kolkata')::date, sum(c.n), sum(c.n * c.estimated_investment)
      FROM (%s) c JOIN assets a ON a.id = c.asset_id
      GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0 OR sum(c.n * c.estimated_investment) <> 0 $q$, changes);
  EXECUTE format($q$
    INSERT INTO application_flow_deltas (week, zone, received, decided, late_finished)
      SELECT date_trunc('week', c.submitted_at AT TIME ZONE 'Asia/Kolkata')::date, a.zone, sum(c.n), 0, 0
      FROM (%s) c JOIN assets a ON a.id = c.asset_id
      WHERE c.submitted_at IS NOT NULL AND c.status <> 'draft'
      GROUP BY 1, 2 HAVING sum(c.n) <> 0 $q$, changes);
  IF TG_OP = 'INSERT' THEN
    -- Rows written already decided (imports, generated volume) count in the week of their last change.
    INSERT INTO application_flow_deltas (week, zone, received, decided, late_finished)
      SELECT date_trunc('week', r.updated_at AT TIME ZONE 'Asia/Kolkata')::date, a.zone, 0, count(*), 0
      FROM new_rows r JOIN assets a ON a.id = r.asset_id
      WHERE r.status IN ('approved', 'rejected') GROUP BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A decision is counted in the week it is made; a step that leaves its status after its due date (an
    -- officer's, clock running) was finished late, and counts in the week it fell late.
    INSERT INTO application_flow_deltas (week, zone, received, decided, late_finished)
      SELECT week, zone, 0, sum(decided), sum(late) FROM (
        SELECT date_trunc('week', today)::date AS week, a.zone, 1 AS decided, 0 AS late
        FROM old_rows o JOIN new_rows r ON r.id = o.id JOIN assets a ON a.id = r.asset_id
        WHERE r.status IN ('approved', 'rejected') AND o.status NOT IN ('approved', 'rejected')
        UNION ALL
        SELECT date_trunc('week', o.stage_due_on + 1)::date, a.zone, 0, 1
        FROM old_rows o JOIN new_rows r ON r.id = o.id JOIN assets a ON a.id = r.asset_id
        WHERE r.status <> o.status AND o.stage_due_on < today AND o.clock_paused_at IS NULL
          AND o.waiting_on IS NOT NULL AND o.waiting_on <> 'entrepreneur'
      ) moved GROUP BY week, zone;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER applications_figures_insert AFTER INSERT ON applications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_application_figures();--> statement-breakpoint
CREATE TRIGGER applications_figures_update AFTER UPDATE ON applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_application_figures();--> statement-breakpoint
CREATE TRIGGER applications_figures_delete AFTER DELETE ON applications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_application_figures();--> statement-breakpoint
CREATE FUNCTION summarise_asset_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO asset_report_deltas (status, zone, day, count, amount)
      SELECT c.status, c.zone, (c.created_at AT TIME ZONE 'Asia/Kolkata')::date, sum(c.n), sum(c.n * coalesce(c.valuation, 0))
      FROM (%s) c GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0 OR sum(c.n * coalesce(c.valuation, 0)) <> 0 $q$, summary_changes(TG_OP));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_report_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_asset_report();--> statement-breakpoint
CREATE TRIGGER assets_report_update AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_asset_report();--> statement-breakpoint
CREATE TRIGGER assets_report_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_asset_report();--> statement-breakpoint
-- A plot moved to another zone takes its applications', payments' and allotments' figures with it.
CREATE FUNCTION summarise_asset_zone_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone) THEN
    RETURN NULL;
  END IF;
  INSERT INTO application_pendency_deltas (status, zone, waiting_on, assigned_to, stage_due_on, paused, count)
    SELECT p.status, m.zone, p.waiting_on, coalesce(p.assigned_to, '00000000-0000-0000-0000-000000000000'),
           coalesce(p.stage_due_on, '9999-12-31'), p.clock_paused_at IS NOT NULL, sum(m.n)
    FROM (SELECT o.id, o.zone, -1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone UNION ALL SELECT r.id, r.zone, 1 FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone) m JOIN applications p ON p.asset_id = m.id
    WHERE p.waiting_on IS NOT NULL AND p.status <> 'draft' GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(m.n) <> 0;
  INSERT INTO application_report_deltas (status, zone, day, count, amount)
    SELECT p.status, m.zone, (p.created_at AT TIME ZONE 'Asia/Kolkata')::date, sum(m.n), sum(m.n * p.estimated_investment)
    FROM (SELECT o.id, o.zone, -1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone UNION ALL SELECT r.id, r.zone, 1 FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone) m JOIN applications p ON p.asset_id = m.id GROUP BY 1, 2, 3 HAVING sum(m.n) <> 0;
  INSERT INTO application_flow_deltas (week, zone, received, decided, late_finished)
    SELECT date_trunc('week', p.submitted_at AT TIME ZONE 'Asia/Kolkata')::date, m.zone, sum(m.n), 0, 0
    FROM (SELECT o.id, o.zone, -1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone UNION ALL SELECT r.id, r.zone, 1 FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone) m JOIN applications p ON p.asset_id = m.id
    WHERE p.submitted_at IS NOT NULL AND p.status <> 'draft' GROUP BY 1, 2 HAVING sum(m.n) <> 0;
  INSERT INTO payment_report_deltas (status, zone, day, count, amount)
    SELECT y.status, m.zone, (y.payment_date AT TIME ZONE 'Asia/Kolkata')::date, sum(m.n), sum(m.n * y.amount)
    FROM (SELECT o.id, o.zone, -1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone UNION ALL SELECT r.id, r.zone, 1 FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone) m JOIN applications p ON p.asset_id = m.id JOIN payments y ON y.application_id = p.id
    GROUP BY 1, 2, 3 HAVING sum(m.n) <> 0;
  INSERT INTO allotment_report_deltas (status, zone, day, count, amount)
    SELECT l.status, m.zone, l.allotment_date, sum(m.n), 0
    FROM (SELECT o.id, o.zone, -1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone UNION ALL SELECT r.id, r.zone, 1 FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone) m JOIN allotments l ON l.asset_id = m.id GROUP BY 1, 2, 3 HAVING sum(m.n) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_zone_move AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_asset_zone_move();--> statement-breakpoint
CREATE FUNCTION summarise_payment_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO payment_report_deltas (status, zone, day, count, amount)
      SELECT c.status, a.zone, (c.payment_date AT TIME ZONE 'Asia/Kolkata')::date, sum(c.n), sum(c.n * c.amount)
      FROM (%s) c JOIN applications p ON p.id = c.application_id JOIN assets a ON a.id = p.asset_id
      GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0 OR sum(c.n * c.amount) <> 0 $q$, summary_changes(TG_OP));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_report_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_payment_report();--> statement-breakpoint
CREATE TRIGGER payments_report_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_payment_report();--> statement-breakpoint
CREATE TRIGGER payments_report_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_payment_report();--> statement-breakpoint
CREATE FUNCTION summarise_allotment_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO allotment_report_deltas (status, zone, day, count, amount)
      SELECT c.status, a.zone, c.allotment_date, sum(c.n), 0
      FROM (%s) c JOIN assets a ON a.id = c.asset_id
      GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0 $q$, summary_changes(TG_OP));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER allotments_report_insert AFTER INSERT ON allotments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_allotment_report();--> statement-breakpoint
CREATE TRIGGER allotments_report_update AFTER UPDATE ON allotments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_allotment_report();--> statement-breakpoint
CREATE TRIGGER allotments_report_delete AFTER DELETE ON allotments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_allotment_report();--> statement-breakpoint
-- The figures of the rows already there.
INSERT INTO application_pendency_base (status, zone, waiting_on, assigned_to, stage_due_on, paused, count)
  SELECT p.status, a.zone, p.waiting_on, coalesce(p.assigned_to, '00000000-0000-0000-0000-000000000000'),
         coalesce(p.stage_due_on, '9999-12-31'), p.clock_paused_at IS NOT NULL, count(*)
  FROM applications p JOIN assets a ON a.id = p.asset_id
  WHERE p.waiting_on IS NOT NULL AND p.status <> 'draft' GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO application_report_base (status, zone, day, count, amount)
  SELECT p.status, a.zone, (p.created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*), sum(p.estimated_investment)
  FROM applications p JOIN assets a ON a.id = p.asset_id GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO application_flow_base (week, zone, received, decided, late_finished)
  SELECT week, zone, sum(received), sum(decided), 0 FROM (
    SELECT date_trunc('week', p.submitted_at AT TIME ZONE 'Asia/Kolkata')::date AS week, a.zone, 1 AS received, 0 AS decided
    FROM applications p JOIN assets a ON a.id = p.asset_id WHERE p.submitted_at IS NOT NULL AND p.status <> 'draft'
    UNION ALL
    SELECT date_trunc('week', p.updated_at AT TIME ZONE 'Asia/Kolkata')::date, a.zone, 0, 1
    FROM applications p JOIN assets a ON a.id = p.asset_id WHERE p.status IN ('approved', 'rejected')
  ) flow GROUP BY week, zone;--> statement-breakpoint
INSERT INTO asset_report_base (status, zone, day, count, amount)
  SELECT status, zone, (created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*), coalesce(sum(valuation), 0) FROM assets GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO payment_report_base (status, zone, day, count, amount)
  SELECT y.status, a.zone, (y.payment_date AT TIME ZONE 'Asia/Kolkata')::date, count(*), sum(y.amount)
  FROM payments y JOIN applications p ON p.id = y.application_id JOIN assets a ON a.id = p.asset_id GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO allotment_report_base (status, zone, day, count, amount)
  SELECT l.status, a.zone, l.allotment_date, count(*), 0 FROM allotments l JOIN assets a ON a.id = l.asset_id GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION fold_report_deltas(summary text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH moved AS (DELETE FROM %1$I RETURNING status, zone, day, count, amount)
    INSERT INTO %2$I AS t (status, zone, day, count, amount)
      SELECT status, zone, day, sum(count), sum(amount) FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (status, zone, day) DO UPDATE SET count = t.count + EXCLUDED.count, amount = t.amount + EXCLUDED.amount $q$,
    summary || '_deltas', summary || '_base');
END $$;--> statement-breakpoint
-- Folds the new deltas too (the first four as migration 0001 wrote them).
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
END $$;
