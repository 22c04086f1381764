ALTER TABLE "template_items" ADD COLUMN "answer_type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "template_items" ADD COLUMN "choices" jsonb;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD COLUMN "answer_type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD COLUMN "choices" jsonb;--> statement-breakpoint
ALTER TABLE "request_versions" ADD COLUMN "answer_type" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "request_versions" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "request_versions" ADD COLUMN "signature" jsonb;--> statement-breakpoint
ALTER TABLE "template_items" ADD CONSTRAINT "template_items_answer_type_check" CHECK ("template_items"."answer_type" in ('text', 'yes_no', 'choice', 'number', 'date', 'files', 'acknowledgement'));--> statement-breakpoint
ALTER TABLE "template_items" ADD CONSTRAINT "template_items_choices_check" CHECK (("template_items"."answer_type" = 'choice') = ("template_items"."choices" is not null));--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_answer_type_check" CHECK ("audit_requests"."answer_type" in ('text', 'yes_no', 'choice', 'number', 'date', 'files', 'acknowledgement'));--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_choices_check" CHECK (("audit_requests"."answer_type" = 'choice') = ("audit_requests"."choices" is not null));--> statement-breakpoint
ALTER TABLE "request_versions" ADD CONSTRAINT "request_versions_answer_type_check" CHECK ("request_versions"."answer_type" in ('text', 'yes_no', 'choice', 'number', 'date', 'files', 'acknowledgement'));