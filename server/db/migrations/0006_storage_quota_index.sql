DROP INDEX "request_files_organization_id_idx";--> statement-breakpoint
CREATE INDEX "request_files_organization_id_size_bytes_idx" ON "request_files" USING btree ("organization_id","size_bytes");