CREATE TABLE "request_counts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_organization_id_idx";--> statement-breakpoint
DROP INDEX "audits_organization_id_idx";--> statement-breakpoint
DROP INDEX "audits_project_id_created_at_idx";--> statement-breakpoint
DROP INDEX "clients_organization_id_name_idx";--> statement-breakpoint
DROP INDEX "projects_organization_id_created_at_idx";--> statement-breakpoint
DROP INDEX "projects_client_id_idx";--> statement-breakpoint
DROP INDEX "activity_events_organization_id_created_at_idx";--> statement-breakpoint
DROP INDEX "audit_requests_audit_id_position_idx";--> statement-breakpoint
ALTER TABLE "request_counts" ADD CONSTRAINT "request_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_organization_id_name_email_id_idx" ON "users" USING btree ("organization_id",lower("first_name" || ' ' || "last_name"),"email","id");--> statement-breakpoint
CREATE INDEX "audits_organization_id_status_idx" ON "audits" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "audits_project_id_created_at_id_idx" ON "audits" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clients_organization_id_lower_name_id_idx" ON "clients" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "projects_organization_id_created_at_id_idx" ON "projects" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_organization_id_status_created_at_id_idx" ON "projects" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_client_id_created_at_id_idx" ON "projects" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "activity_events_organization_id_created_at_id_idx" ON "activity_events" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_requests_audit_id_position_created_at_id_idx" ON "audit_requests" USING btree ("audit_id","position","created_at","id");--> statement-breakpoint
-- The dashboard's count of accepted requests, kept as they change (decision 014): one row per
-- company instead of a count over all its requests.
CREATE FUNCTION "request_counts_follow_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."status" = NEW."status" AND OLD."organization_id" = NEW."organization_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'accepted' THEN
    UPDATE "request_counts" SET "accepted" = "accepted" - 1 WHERE "organization_id" = OLD."organization_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'accepted' THEN
    INSERT INTO "request_counts" ("organization_id", "accepted") VALUES (NEW."organization_id", 1)
    ON CONFLICT ("organization_id") DO UPDATE SET "accepted" = "request_counts"."accepted" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_requests_request_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "organization_id" ON "audit_requests" FOR EACH ROW EXECUTE FUNCTION "request_counts_follow_status"();--> statement-breakpoint
INSERT INTO "request_counts" ("organization_id", "accepted") SELECT "organization_id", count(*) FROM "audit_requests" WHERE "status" = 'accepted' GROUP BY "organization_id";
