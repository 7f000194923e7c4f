CREATE TABLE "allotment_late_base" (
	"kind" text NOT NULL,
	"zone" text NOT NULL,
	"due_on" date NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "allotment_late_base_kind_zone_due_on_pk" PRIMARY KEY("kind","zone","due_on")
);
--> statement-breakpoint
CREATE TABLE "allotment_late_deltas" (
	"kind" text NOT NULL,
	"zone" text NOT NULL,
	"due_on" date NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
-- The register's late lists and its summary count the late milestones (repositories/allotment-milestones.ts) from
-- these rows instead of joining every unmet milestone to its allotment: at a million applications some 11,500 a kind.
-- A milestone counts while it is unmet and its allotment is active, under its allotment's plot's zone. Kept as
-- migration 0018's summaries are, by statement-level triggers on the three tables whose change moves a count: a
-- milestone written, met or moved; an allotment that stops or starts being active; a plot moved to another zone.
CREATE FUNCTION summarise_allotment_late_milestones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO allotment_late_deltas (kind, zone, due_on, count)
      SELECT c.kind, s.zone, c.due_on, sum(c.n)
      FROM (%s) c JOIN allotments a ON a.id = c.allotment_id JOIN assets s ON s.id = a.asset_id
      WHERE c.met_on IS NULL AND a.status = 'active'
      GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0 $q$, summary_changes(TG_OP));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER allotment_milestones_late_insert AFTER INSERT ON allotment_milestones REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_allotment_late_milestones();--> statement-breakpoint
CREATE TRIGGER allotment_milestones_late_update AFTER UPDATE ON allotment_milestones REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_allotment_late_milestones();--> statement-breakpoint
CREATE TRIGGER allotment_milestones_late_delete AFTER DELETE ON allotment_milestones REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_allotment_late_milestones();--> statement-breakpoint
CREATE FUNCTION summarise_allotment_late_allotments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO allotment_late_deltas (kind, zone, due_on, count)
      SELECT m.kind, s.zone, m.due_on, sum(c.n)
      FROM (%s) c JOIN allotment_milestones m ON m.allotment_id = c.id AND m.met_on IS NULL
      JOIN assets s ON s.id = c.asset_id
      WHERE c.status = 'active'
      GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0 $q$, summary_changes(TG_OP));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER allotments_late_update AFTER UPDATE ON allotments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_allotment_late_allotments();--> statement-breakpoint
CREATE TRIGGER allotments_late_delete AFTER DELETE ON allotments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_allotment_late_allotments();--> statement-breakpoint
CREATE FUNCTION summarise_allotment_late_zone_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO allotment_late_deltas (kind, zone, due_on, count)
    SELECT m.kind, z.zone, m.due_on, sum(z.n)
    FROM (SELECT o.id, o.zone, -1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone
          UNION ALL SELECT r.id, r.zone, 1 FROM old_rows o JOIN new_rows r ON r.id = o.id WHERE r.zone <> o.zone) z
    JOIN allotments a ON a.asset_id = z.id AND a.status = 'active'
    JOIN allotment_milestones m ON m.allotment_id = a.id AND m.met_on IS NULL
    GROUP BY 1, 2, 3 HAVING sum(z.n) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_late_zone_move AFTER UPDATE ON assets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION summarise_allotment_late_zone_move();--> statement-breakpoint
-- The milestones already there.
INSERT INTO allotment_late_base (kind, zone, due_on, count)
  SELECT m.kind, s.zone, m.due_on, count(*)
  FROM allotment_milestones m JOIN allotments a ON a.id = m.allotment_id AND a.status = 'active'
  JOIN assets s ON s.id = a.asset_id
  WHERE m.met_on IS NULL GROUP BY 1, 2, 3;--> statement-breakpoint
-- Folds the late counts' deltas too; the rest as migration 0028 wrote it.
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
  WITH moved AS (DELETE FROM allotment_late_deltas RETURNING kind, zone, due_on, count)
  INSERT INTO allotment_late_base AS t (kind, zone, due_on, count)
    SELECT kind, zone, due_on, sum(count) FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (kind, zone, due_on) DO UPDATE SET count = t.count + EXCLUDED.count;
  DELETE FROM allotment_late_base WHERE count = 0;
END $$;
