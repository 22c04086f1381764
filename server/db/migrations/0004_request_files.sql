CREATE TABLE "request_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_files_size_bytes_check" CHECK ("request_files"."size_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_version_id_request_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."request_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_files_storage_key_key" ON "request_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "request_files_request_id_idx" ON "request_files" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "request_files_version_id_idx" ON "request_files" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "request_files_organization_id_idx" ON "request_files" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "request_files_uploaded_by_user_id_idx" ON "request_files" USING btree ("uploaded_by_user_id");