ALTER TABLE "allotment_milestones" ADD COLUMN "allotment_created_at" timestamp with time zone DEFAULT 'epoch' NOT NULL;--> statement-breakpoint
-- A late list (repositories/allotments.ts) pages the late milestones of one kind in the register's default order,
-- newest allotment first, through the index below, instead of reading every late allotment (some 11,500 a kind at a
-- million applications) to sort them. The allotment's creation time never changes, so the copy is made when the
-- milestone is written, whatever the writer gave.
CREATE FUNCTION allotment_milestones_copy_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.created_at INTO NEW.allotment_created_at FROM allotments a WHERE a.id = NEW.allotment_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER allotment_milestones_created_at BEFORE INSERT OR UPDATE OF allotment_id, allotment_created_at
  ON allotment_milestones FOR EACH ROW EXECUTE FUNCTION allotment_milestones_copy_created_at();--> statement-breakpoint
UPDATE allotment_milestones m SET allotment_created_at = a.created_at FROM allotments a WHERE a.id = m.allotment_id;--> statement-breakpoint
CREATE INDEX "allotment_milestones_open_created_idx" ON "allotment_milestones" USING btree ("kind","allotment_created_at","allotment_id","due_on") WHERE "allotment_milestones"."met_on" IS NULL;
