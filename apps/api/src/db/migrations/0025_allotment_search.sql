ALTER TABLE "allotments" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The register's search text: the allotment's number, its application's number, its plot's code and its holder's
-- name. Not the zone or the park (each has its own filter): a zone word typed into the search picked most of the
-- register. One trigram-indexed column, as the applications' search_text (migration 0001), so `q` is one index read.
CREATE FUNCTION allotment_search_text(p_number text, p_application uuid, p_asset uuid, p_holder uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(p_number
    || ' ' || coalesce((SELECT application_number FROM applications WHERE id = p_application), '')
    || ' ' || coalesce((SELECT asset_code FROM assets WHERE id = p_asset), '')
    || ' ' || coalesce((SELECT full_name FROM users WHERE id = p_holder), ''))
$$;--> statement-breakpoint
-- Named after allotments_default_holder (migration 0010), so it runs after the holder is filled in.
CREATE FUNCTION allotments_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := allotment_search_text(NEW.allotment_number, NEW.application_id, NEW.asset_id, NEW.holder_user_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER allotments_search_text BEFORE INSERT OR UPDATE OF allotment_number, application_id, asset_id, holder_user_id
  ON allotments FOR EACH ROW EXECUTE FUNCTION allotments_set_search_text();--> statement-breakpoint
CREATE FUNCTION users_refresh_allotment_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE allotments
    SET search_text = allotment_search_text(allotment_number, application_id, asset_id, holder_user_id)
    WHERE holder_user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_allotment_search_text AFTER UPDATE OF full_name ON users
  FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name)
  EXECUTE FUNCTION users_refresh_allotment_search_text();--> statement-breakpoint
CREATE FUNCTION assets_refresh_allotment_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE allotments
    SET search_text = allotment_search_text(allotment_number, application_id, asset_id, holder_user_id)
    WHERE asset_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER assets_allotment_search_text AFTER UPDATE OF asset_code ON assets
  FOR EACH ROW WHEN (OLD.asset_code IS DISTINCT FROM NEW.asset_code)
  EXECUTE FUNCTION assets_refresh_allotment_search_text();--> statement-breakpoint
UPDATE allotments SET search_text = allotment_search_text(allotment_number, application_id, asset_id, holder_user_id);--> statement-breakpoint
CREATE INDEX "allotments_search_trgm_idx" ON "allotments" USING gin ("search_text" gin_trgm_ops);
