CREATE TABLE "audit_standings" (
	"audit_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"draft" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"not_applicable" integer DEFAULT 0 NOT NULL,
	"first_sent_at" timestamp with time zone,
	"client_active_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_standings" ADD CONSTRAINT "audit_standings_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_standings" ADD CONSTRAINT "audit_standings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_standings_organization_id_idx" ON "audit_standings" USING btree ("organization_id");--> statement-breakpoint
-- Where each audit stands (decision 033), kept as its requests, comments and files change: one
-- statement trigger per change of audit_requests, summed per audit from the transition tables
-- (a send of 2,000 requests is one row written, not 2,000). A delete only subtracts (an audit
-- being deleted takes its row with it); an insert or update adds, creating the row.
CREATE FUNCTION "audit_standings_follow_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" text := '("o"."status" IS DISTINCT FROM "n"."status" OR "o"."audit_id" <> "n"."audit_id"
    OR "o"."sent_at" IS DISTINCT FROM "n"."sent_at" OR "o"."submitted_at" IS DISTINCT FROM "n"."submitted_at")';
  "source" text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "audit_standings" AS "s" SET
      "draft" = "s"."draft" - "d"."draft",
      "sent" = "s"."sent" - "d"."sent",
      "submitted" = "s"."submitted" - "d"."submitted",
      "accepted" = "s"."accepted" - "d"."accepted",
      "returned" = "s"."returned" - "d"."returned",
      "not_applicable" = "s"."not_applicable" - "d"."not_applicable"
    FROM (
      SELECT "audit_id",
        count(*) FILTER (WHERE "status" = 'draft') AS "draft",
        count(*) FILTER (WHERE "status" = 'sent') AS "sent",
        count(*) FILTER (WHERE "status" = 'submitted') AS "submitted",
        count(*) FILTER (WHERE "status" = 'accepted') AS "accepted",
        count(*) FILTER (WHERE "status" = 'returned') AS "returned",
        count(*) FILTER (WHERE "status" = 'not_applicable') AS "not_applicable"
      FROM "old_rows" GROUP BY "audit_id"
    ) AS "d"
    WHERE "s"."audit_id" = "d"."audit_id";
    RETURN NULL;
  END IF;
  -- The rows a change adds (1) and takes away (-1) from each audit's counts.
  IF TG_OP = 'INSERT' THEN
    "source" := 'SELECT "audit_id", "organization_id", "status", 1 AS "k", "sent_at", "submitted_at" FROM "new_rows"';
  ELSE
    "source" := 'SELECT "n"."audit_id", "n"."organization_id", "n"."status", 1 AS "k", "n"."sent_at", "n"."submitted_at"
      FROM "new_rows" "n" JOIN "old_rows" "o" ON "o"."id" = "n"."id" WHERE ' || "changed" || '
      UNION ALL
      SELECT "o"."audit_id", "o"."organization_id", "o"."status", -1, NULL, NULL
      FROM "new_rows" "n" JOIN "old_rows" "o" ON "o"."id" = "n"."id" WHERE ' || "changed";
  END IF;
  EXECUTE 'INSERT INTO "audit_standings" AS "s" ("audit_id", "organization_id", "draft", "sent", "submitted", "accepted", "returned", "not_applicable", "first_sent_at", "client_active_at")
  SELECT "audit_id", "organization_id",
    coalesce(sum("k") FILTER (WHERE "status" = ''draft''), 0),
    coalesce(sum("k") FILTER (WHERE "status" = ''sent''), 0),
    coalesce(sum("k") FILTER (WHERE "status" = ''submitted''), 0),
    coalesce(sum("k") FILTER (WHERE "status" = ''accepted''), 0),
    coalesce(sum("k") FILTER (WHERE "status" = ''returned''), 0),
    coalesce(sum("k") FILTER (WHERE "status" = ''not_applicable''), 0),
    min("sent_at"), max("submitted_at")
  FROM (' || "source" || ') AS "d" GROUP BY "audit_id", "organization_id"
  ON CONFLICT ("audit_id") DO UPDATE SET
    "draft" = "s"."draft" + EXCLUDED."draft",
    "sent" = "s"."sent" + EXCLUDED."sent",
    "submitted" = "s"."submitted" + EXCLUDED."submitted",
    "accepted" = "s"."accepted" + EXCLUDED."accepted",
    "returned" = "s"."returned" + EXCLUDED."returned",
    "not_applicable" = "s"."not_applicable" + EXCLUDED."not_applicable",
    "first_sent_at" = least("s"."first_sent_at", EXCLUDED."first_sent_at"),
    "client_active_at" = greatest("s"."client_active_at", EXCLUDED."client_active_at")';
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A client user's comment (a question, a proposal) or upload is the client at work on the audit.
CREATE FUNCTION "audit_standings_follow_client"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_standings" AS "s" ("audit_id", "organization_id", "client_active_at")
  SELECT "r"."audit_id", "r"."organization_id", max("n"."created_at")
  FROM "new_rows" "n"
  JOIN "audit_requests" "r" ON "r"."id" = "n"."request_id"
  JOIN "users" "u" ON "u"."id" = (to_jsonb("n") ->> TG_ARGV[0])::uuid
  WHERE "u"."role" = 'client'
  GROUP BY "r"."audit_id", "r"."organization_id"
  ON CONFLICT ("audit_id") DO UPDATE SET
    "client_active_at" = greatest("s"."client_active_at", EXCLUDED."client_active_at");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_requests_standings_insert" AFTER INSERT ON "audit_requests" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audit_standings_follow_requests"();--> statement-breakpoint
CREATE TRIGGER "audit_requests_standings_update" AFTER UPDATE ON "audit_requests" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audit_standings_follow_requests"();--> statement-breakpoint
CREATE TRIGGER "audit_requests_standings_delete" AFTER DELETE ON "audit_requests" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audit_standings_follow_requests"();--> statement-breakpoint
CREATE TRIGGER "request_comments_standings" AFTER INSERT ON "request_comments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audit_standings_follow_client"('author_user_id');--> statement-breakpoint
CREATE TRIGGER "request_files_standings" AFTER INSERT ON "request_files" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audit_standings_follow_client"('uploaded_by_user_id');--> statement-breakpoint
INSERT INTO "audit_standings" ("audit_id", "organization_id", "draft", "sent", "submitted", "accepted", "returned", "not_applicable", "first_sent_at", "client_active_at")
SELECT "a"."id", "a"."organization_id",
  count("r"."id") FILTER (WHERE "r"."status" = 'draft'),
  count("r"."id") FILTER (WHERE "r"."status" = 'sent'),
  count("r"."id") FILTER (WHERE "r"."status" = 'submitted'),
  count("r"."id") FILTER (WHERE "r"."status" = 'accepted'),
  count("r"."id") FILTER (WHERE "r"."status" = 'returned'),
  count("r"."id") FILTER (WHERE "r"."status" = 'not_applicable'),
  min("r"."sent_at"),
  greatest(max("r"."submitted_at"),
    (SELECT max("c"."created_at") FROM "request_comments" "c"
      JOIN "audit_requests" "cr" ON "cr"."id" = "c"."request_id"
      JOIN "users" "u" ON "u"."id" = "c"."author_user_id"
      WHERE "cr"."audit_id" = "a"."id" AND "u"."role" = 'client'),
    (SELECT max("f"."created_at") FROM "request_files" "f"
      JOIN "audit_requests" "fr" ON "fr"."id" = "f"."request_id"
      JOIN "users" "u" ON "u"."id" = "f"."uploaded_by_user_id"
      WHERE "fr"."audit_id" = "a"."id" AND "u"."role" = 'client'))
FROM "audits" "a" LEFT JOIN "audit_requests" "r" ON "r"."audit_id" = "a"."id"
GROUP BY "a"."id", "a"."organization_id";
