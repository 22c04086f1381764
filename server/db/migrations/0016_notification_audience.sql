ALTER TABLE "notifications" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_request_id_idx" ON "notifications" USING btree ("request_id");--> statement-breakpoint
-- Notices written before: their request from their link, internal notes from their title.
UPDATE "notifications" SET "request_id" = "audit_requests"."id" FROM "audit_requests" WHERE "notifications"."url" = '/requests/' || "audit_requests"."id"::text;--> statement-breakpoint
UPDATE "notifications" SET "internal" = true WHERE "kind" = 'comment' AND "title" LIKE '% wrote an internal note on %';
