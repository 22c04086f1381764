ALTER TABLE "audits" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("email", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("reference", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B') || setweight(to_tsvector('english', coalesce("section", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "request_comments" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("body", '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "request_files" ADD COLUMN "text_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_files" ADD COLUMN "text_failure" text;--> statement-breakpoint
ALTER TABLE "request_files" ADD COLUMN "extracted_text" text;--> statement-breakpoint
ALTER TABLE "request_files" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("file_name", '')), 'A') || setweight(to_tsvector('english', coalesce("extracted_text", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "request_versions" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("response", '')), 'B') || setweight(to_tsvector('english', coalesce("answer", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "audits_search_idx" ON "audits" USING gin ("search");--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search");--> statement-breakpoint
CREATE INDEX "audit_requests_search_idx" ON "audit_requests" USING gin ("search");--> statement-breakpoint
CREATE INDEX "request_comments_search_idx" ON "request_comments" USING gin ("search");--> statement-breakpoint
CREATE INDEX "request_files_search_idx" ON "request_files" USING gin ("search");--> statement-breakpoint
CREATE INDEX "request_files_text_pending_idx" ON "request_files" USING btree ("created_at") WHERE "request_files"."text_status" = 'pending';--> statement-breakpoint
CREATE INDEX "request_versions_search_idx" ON "request_versions" USING gin ("search");--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_text_status_check" CHECK ("request_files"."text_status" in ('pending', 'done', 'unsupported', 'failed'));