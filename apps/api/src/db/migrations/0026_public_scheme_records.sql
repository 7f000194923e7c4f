CREATE TABLE "public_scheme_records" (
	"scheme_id" uuid PRIMARY KEY NOT NULL,
	"record" jsonb NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "public_scheme_records" ADD CONSTRAINT "public_scheme_records_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE no action ON UPDATE no action;