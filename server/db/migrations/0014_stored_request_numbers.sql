-- Decision 021: a request's number is stored, its order is a fractional-indexing key.
ALTER TABLE "audits" ADD COLUMN "last_request_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD COLUMN "number" integer;--> statement-breakpoint
-- Today's numbers, exactly as the reads computed them: the rank in the audit by (position, created_at, id).
UPDATE "audit_requests" SET "number" = "ranked"."number"
FROM (
  SELECT "id", (row_number() OVER (PARTITION BY "audit_id" ORDER BY "position", "created_at", "id"))::int AS "number"
  FROM "audit_requests"
) AS "ranked"
WHERE "audit_requests"."id" = "ranked"."id";--> statement-breakpoint
UPDATE "audits" SET "last_request_number" = "numbered"."last"
FROM (SELECT "audit_id", max("number") AS "last" FROM "audit_requests" GROUP BY "audit_id") AS "numbered"
WHERE "audits"."id" = "numbered"."audit_id";--> statement-breakpoint
ALTER TABLE "audit_requests" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_requests" DROP CONSTRAINT "audit_requests_position_check";--> statement-breakpoint
DROP INDEX "audit_requests_audit_id_position_created_at_id_idx";--> statement-breakpoint
-- The same order as keys: 'c' and the rank less one in three base-62 digits (the library's
-- integer keys of four characters: c000, c001, …), distinct up to 238,328 requests in an audit.
ALTER TABLE "audit_requests" ALTER COLUMN "position" SET DATA TYPE text COLLATE "C" USING (
  'c'
  || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', ("number" - 1) / 3844 % 62 + 1, 1)
  || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', ("number" - 1) / 62 % 62 + 1, 1)
  || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', ("number" - 1) % 62 + 1, 1)
);--> statement-breakpoint
CREATE UNIQUE INDEX "audit_requests_audit_id_position_key" ON "audit_requests" USING btree ("audit_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_requests_audit_id_number_key" ON "audit_requests" USING btree ("audit_id","number");--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_number_check" CHECK ("audit_requests"."number" >= 1);
