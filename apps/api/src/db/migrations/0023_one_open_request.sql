-- One open request of a kind per allotment, per milestone for an extension of time (decision 020). Duplicates raised
-- before this rule are closed first: the earliest open one stays, each later one is rejected with a remark.
UPDATE "service_requests" AS later
SET "status" = 'rejected',
    "remarks" = 'Closed: another request of this service was already open on this allotment (one open request per service).',
    "updated_at" = now()
WHERE later."allotment_id" IS NOT NULL
  AND later."status" IN ('submitted', 'in_progress')
  AND EXISTS (
    SELECT 1 FROM "service_requests" AS earlier
    WHERE earlier."allotment_id" = later."allotment_id"
      AND earlier."request_type" = later."request_type"
      AND coalesce(earlier."milestone", '') = coalesce(later."milestone", '')
      AND earlier."status" IN ('submitted', 'in_progress')
      AND (earlier."submitted_at", earlier."id") < (later."submitted_at", later."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_one_open_idx" ON "service_requests" USING btree ("allotment_id","request_type",coalesce("milestone", '')) WHERE "service_requests"."allotment_id" IS NOT NULL AND "service_requests"."status" IN ('submitted', 'in_progress');
