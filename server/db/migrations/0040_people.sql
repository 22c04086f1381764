CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_email_lowercase_check" CHECK ("people"."email" = lower("people"."email"))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_lowercase_check";--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
DROP INDEX "users_organization_id_name_email_id_idx";--> statement-breakpoint
-- Every account becomes one person, who keeps its id, with one membership: the account itself.
INSERT INTO "people" ("id", "email", "password_hash", "first_name", "last_name", "email_verified_at", "created_at", "updated_at")
  SELECT "id", "email", "password_hash", "first_name", "last_name", "email_verified_at", "created_at", "updated_at" FROM "users";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "person_id" uuid;--> statement-breakpoint
UPDATE "users" SET "person_id" = "id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "person_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_key" ON "people" USING btree ("email");--> statement-breakpoint
CREATE INDEX "people_name_idx" ON "people" USING btree (lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_person_id_organization_id_key" ON "users" USING btree ("person_id","organization_id");--> statement-breakpoint
CREATE INDEX "users_organization_id_idx" ON "users" USING btree ("organization_id");