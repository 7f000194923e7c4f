CREATE TABLE "audit_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"request_id" text,
	"client_address" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb NOT NULL,
	"prev_hash" text,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","seq");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","seq");--> statement-breakpoint
-- The chain is kept in seq order with no gaps: the trigger sets seq to the previous row's seq + 1 under one advisory
-- lock, so a rolled-back transaction leaves no hole and a missing row shows as one.
-- The text a row's hash covers (after the previous row's hash). audit:verify computes the same expression itself.
CREATE FUNCTION "audit_row_text"(seq bigint, at timestamptz, actor_id uuid, actor_role text, request_id text,
  client_address text, action text, entity text, entity_id text, changes jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), actor_id,
    actor_role, request_id, client_address, action, entity, entity_id, changes)::text
$$;--> statement-breakpoint
-- Taken before a write statement locks any row, so a writer never holds a row lock while it waits for the chain.
CREATE FUNCTION "audit_chain_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7243100611);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "audit_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hidden text[] := ARRAY['password_hash', 'search_text', 'updated_at', 'storage_key'];
  context jsonb;
  before jsonb;
  after jsonb;
  diff jsonb := '{}'::jsonb;
  field text;
  last_seq bigint;
  last_hash text;
  next_seq bigint;
  stamp timestamptz := clock_timestamp();
  who uuid;
  who_role text;
  request text;
  address text;
  id_text text;
BEGIN
  IF TG_OP <> 'INSERT' THEN before := to_jsonb(OLD) - hidden; END IF;
  IF TG_OP <> 'DELETE' THEN after := to_jsonb(NEW) - hidden; END IF;
  IF TG_OP = 'UPDATE' THEN
    FOR field IN SELECT jsonb_object_keys(after) LOOP
      IF field NOT LIKE '%token%' AND (after -> field) IS DISTINCT FROM (before -> field) THEN
        diff := diff || jsonb_build_object(field, jsonb_build_array(before -> field, after -> field));
      END IF;
    END LOOP;
    -- Nothing an auditor reads changed (only a timestamp or the search text).
    IF diff = '{}'::jsonb THEN RETURN NULL; END IF;
    id_text := after ->> 'id';
  ELSIF TG_OP = 'INSERT' THEN
    diff := after;
    id_text := after ->> 'id';
  ELSE
    diff := before;
    id_text := before ->> 'id';
  END IF;
  IF TG_OP <> 'UPDATE' THEN
    FOR field IN SELECT jsonb_object_keys(diff) LOOP
      IF field LIKE '%token%' THEN diff := diff - field; END IF;
    END LOOP;
  END IF;

  context := nullif(current_setting('portal.audit', true), '')::jsonb;
  who := nullif(context ->> 'actorId', '')::uuid;
  who_role := coalesce(nullif(context ->> 'role', ''), 'system');
  request := context ->> 'requestId';
  address := context ->> 'clientAddress';

  PERFORM pg_advisory_xact_lock(7243100611);
  SELECT a.seq, a.hash INTO last_seq, last_hash FROM audit_log a ORDER BY a.seq DESC LIMIT 1;
  next_seq := coalesce(last_seq, 0) + 1;
  INSERT INTO audit_log (seq, at, actor_id, actor_role, request_id, client_address, action, entity, entity_id,
    changes, prev_hash, hash)
  VALUES (next_seq, stamp, who, who_role, request, address, lower(TG_OP), TG_TABLE_NAME, id_text, diff, last_hash,
    encode(sha256(convert_to(coalesce(last_hash, '') || audit_row_text(next_seq, stamp, who, who_role, request,
      address, lower(TG_OP), TG_TABLE_NAME, id_text, diff), 'UTF8')), 'hex'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'applicants', 'assets', 'applications', 'documents', 'invoices', 'payments',
    'allotments', 'lease_deeds', 'possessions', 'service_requests', 'meetings', 'application_queries'] LOOP
    EXECUTE format('CREATE TRIGGER audit_lock BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT '
      'EXECUTE FUNCTION audit_chain_lock()', t);
    EXECUTE format('CREATE TRIGGER audit_row AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
      'EXECUTE FUNCTION audit_record()', t);
  END LOOP;
END $$;
