ALTER TABLE "template_items" ADD COLUMN "section" text;--> statement-breakpoint
ALTER TABLE "template_items" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD COLUMN "section" text;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD COLUMN "reference" text;