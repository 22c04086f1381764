ALTER TABLE "audit_standings" ADD COLUMN "awaiting_due_from" date;--> statement-breakpoint
-- Each audit's earliest due date among its requests waiting for the client (decision 033), kept
-- by one statement trigger per change of audit_requests that may move it: recounted from the
-- audit's awaiting-client index for the audits the statement touched (a send of 2,000 requests
-- is one lookup). Named after the counts' triggers, which fire first and create the row.
CREATE FUNCTION "audit_standings_follow_due"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "earliest" text := '(SELECT min("r"."due_date") FROM "audit_requests" "r"
    WHERE "r"."audit_id" = "t"."audit_id" AND "r"."status" IN (''sent'', ''returned'') AND "r"."client_ask" IS NULL)';
  "touched" text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "audit_standings" AS "s" SET "awaiting_due_from" = (
      SELECT min("r"."due_date") FROM "audit_requests" "r"
      WHERE "r"."audit_id" = "s"."audit_id" AND "r"."status" IN ('sent', 'returned') AND "r"."client_ask" IS NULL)
    WHERE "s"."audit_id" IN (SELECT "audit_id" FROM "old_rows"
      WHERE "status" IN ('sent', 'returned') AND "client_ask" IS NULL);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    "touched" := 'SELECT "audit_id", "organization_id" FROM "new_rows"
      WHERE "status" IN (''sent'', ''returned'') AND "client_ask" IS NULL';
  ELSE
    "touched" := 'SELECT "x"."audit_id", "x"."organization_id"
      FROM "new_rows" "n" JOIN "old_rows" "o" ON "o"."id" = "n"."id"
      CROSS JOIN LATERAL (VALUES ("n"."audit_id", "n"."organization_id"), ("o"."audit_id", "o"."organization_id"))
        AS "x"("audit_id", "organization_id")
      WHERE "o"."status" IS DISTINCT FROM "n"."status" OR "o"."client_ask" IS DISTINCT FROM "n"."client_ask"
        OR "o"."due_date" IS DISTINCT FROM "n"."due_date" OR "o"."audit_id" <> "n"."audit_id"';
  END IF;
  EXECUTE 'INSERT INTO "audit_standings" AS "s" ("audit_id", "organization_id", "awaiting_due_from")
    SELECT "t"."audit_id", "t"."organization_id", ' || "earliest" || '
    FROM (SELECT DISTINCT "audit_id", "organization_id" FROM (' || "touched" || ') AS "q") AS "t"
    ON CONFLICT ("audit_id") DO UPDATE SET "awaiting_due_from" = EXCLUDED."awaiting_due_from"';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_requests_standings_insert_due" AFTER INSERT ON "audit_requests" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audit_standings_follow_due"();--> statement-breakpoint
CREATE TRIGGER "audit_requests_standings_update_due" AFTER UPDATE ON "audit_requests" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audit_standings_follow_due"();--> statement-breakpoint
CREATE TRIGGER "audit_requests_standings_delete_due" AFTER DELETE ON "audit_requests" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audit_standings_follow_due"();--> statement-breakpoint
UPDATE "audit_standings" AS "s" SET "awaiting_due_from" = "m"."due"
FROM (
  SELECT "audit_id", min("due_date") AS "due" FROM "audit_requests"
  WHERE "status" IN ('sent', 'returned') AND "client_ask" IS NULL GROUP BY "audit_id"
) AS "m"
WHERE "m"."audit_id" = "s"."audit_id";
