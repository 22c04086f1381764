CREATE TABLE "organization_counts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"clients" integer DEFAULT 0 NOT NULL,
	"active_projects" integer DEFAULT 0 NOT NULL,
	"completed_projects" integer DEFAULT 0 NOT NULL,
	"on_hold_projects" integer DEFAULT 0 NOT NULL,
	"in_progress_audits" integer DEFAULT 0 NOT NULL,
	"accepted_requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_counts" ADD CONSTRAINT "organization_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard's and the project tabs' counts, kept as rows change (decision 014): one row per
-- company instead of counts over its clients, projects, audits and requests. A decrement only
-- updates (a company being deleted takes its row with it first); an increment creates the row.
CREATE FUNCTION "organization_counts_add"("org" uuid, "d_clients" integer, "d_active" integer, "d_completed" integer, "d_on_hold" integer, "d_in_progress" integer, "d_accepted" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "d_clients" < 0 OR "d_active" < 0 OR "d_completed" < 0 OR "d_on_hold" < 0 OR "d_in_progress" < 0 OR "d_accepted" < 0 THEN
    UPDATE "organization_counts" SET
      "clients" = "clients" + "d_clients",
      "active_projects" = "active_projects" + "d_active",
      "completed_projects" = "completed_projects" + "d_completed",
      "on_hold_projects" = "on_hold_projects" + "d_on_hold",
      "in_progress_audits" = "in_progress_audits" + "d_in_progress",
      "accepted_requests" = "accepted_requests" + "d_accepted"
    WHERE "organization_id" = "org";
  ELSE
    INSERT INTO "organization_counts" AS "c" ("organization_id", "clients", "active_projects", "completed_projects", "on_hold_projects", "in_progress_audits", "accepted_requests")
    VALUES ("org", "d_clients", "d_active", "d_completed", "d_on_hold", "d_in_progress", "d_accepted")
    ON CONFLICT ("organization_id") DO UPDATE SET
      "clients" = "c"."clients" + EXCLUDED."clients",
      "active_projects" = "c"."active_projects" + EXCLUDED."active_projects",
      "completed_projects" = "c"."completed_projects" + EXCLUDED."completed_projects",
      "on_hold_projects" = "c"."on_hold_projects" + EXCLUDED."on_hold_projects",
      "in_progress_audits" = "c"."in_progress_audits" + EXCLUDED."in_progress_audits",
      "accepted_requests" = "c"."accepted_requests" + EXCLUDED."accepted_requests";
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "organization_counts_follow_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."organization_id" = NEW."organization_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "organization_counts_add"(OLD."organization_id", -1, 0, 0, 0, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "organization_counts_add"(NEW."organization_id", 1, 0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "organization_counts_follow_projects"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" AND OLD."organization_id" = NEW."organization_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "organization_counts_add"(OLD."organization_id", 0,
      -(OLD."status" = 'active')::int, -(OLD."status" = 'completed')::int, -(OLD."status" = 'on_hold')::int, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "organization_counts_add"(NEW."organization_id", 0,
      (NEW."status" = 'active')::int, (NEW."status" = 'completed')::int, (NEW."status" = 'on_hold')::int, 0, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "organization_counts_follow_audits"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" AND OLD."organization_id" = NEW."organization_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'in_progress' THEN
    PERFORM "organization_counts_add"(OLD."organization_id", 0, 0, 0, 0, -1, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'in_progress' THEN
    PERFORM "organization_counts_add"(NEW."organization_id", 0, 0, 0, 0, 1, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "organization_counts_follow_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" AND OLD."organization_id" = NEW."organization_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'accepted' THEN
    PERFORM "organization_counts_add"(OLD."organization_id", 0, 0, 0, 0, 0, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'accepted' THEN
    PERFORM "organization_counts_add"(NEW."organization_id", 0, 0, 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "audit_requests_request_counts" ON "audit_requests";--> statement-breakpoint
DROP FUNCTION "request_counts_follow_status"();--> statement-breakpoint
CREATE TRIGGER "clients_organization_counts" AFTER INSERT OR DELETE OR UPDATE OF "organization_id" ON "clients" FOR EACH ROW EXECUTE FUNCTION "organization_counts_follow_clients"();--> statement-breakpoint
CREATE TRIGGER "projects_organization_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "organization_id" ON "projects" FOR EACH ROW EXECUTE FUNCTION "organization_counts_follow_projects"();--> statement-breakpoint
CREATE TRIGGER "audits_organization_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "organization_id" ON "audits" FOR EACH ROW EXECUTE FUNCTION "organization_counts_follow_audits"();--> statement-breakpoint
CREATE TRIGGER "audit_requests_organization_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "organization_id" ON "audit_requests" FOR EACH ROW EXECUTE FUNCTION "organization_counts_follow_requests"();--> statement-breakpoint
INSERT INTO "organization_counts" ("organization_id", "clients", "active_projects", "completed_projects", "on_hold_projects", "in_progress_audits", "accepted_requests")
SELECT "o"."id",
  (SELECT count(*) FROM "clients" WHERE "organization_id" = "o"."id"),
  (SELECT count(*) FROM "projects" WHERE "organization_id" = "o"."id" AND "status" = 'active'),
  (SELECT count(*) FROM "projects" WHERE "organization_id" = "o"."id" AND "status" = 'completed'),
  (SELECT count(*) FROM "projects" WHERE "organization_id" = "o"."id" AND "status" = 'on_hold'),
  (SELECT count(*) FROM "audits" WHERE "organization_id" = "o"."id" AND "status" = 'in_progress'),
  (SELECT count(*) FROM "audit_requests" WHERE "organization_id" = "o"."id" AND "status" = 'accepted')
FROM "organizations" "o";
