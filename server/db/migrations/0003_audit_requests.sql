CREATE TABLE "audit_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"audit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"document_required" boolean DEFAULT false NOT NULL,
	"response_required" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"assignee_user_id" uuid,
	"due_date" date,
	"source_template_item_id" uuid,
	"sent_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"not_applicable_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_requests_status_check" CHECK ("audit_requests"."status" in ('draft', 'sent', 'submitted', 'accepted', 'returned', 'not_applicable')),
	CONSTRAINT "audit_requests_position_check" CHECK ("audit_requests"."position" >= 0),
	CONSTRAINT "audit_requests_not_applicable_reason_check" CHECK (("audit_requests"."status" = 'not_applicable') = ("audit_requests"."not_applicable_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "request_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"response" text,
	"submitted_by_user_id" uuid,
	"submitted_by_name" text,
	"submitted_at" timestamp with time zone,
	"returned_reason" text,
	"returned_by_user_id" uuid,
	"returned_by_name" text,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_versions_number_check" CHECK ("request_versions"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_action_check";--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD CONSTRAINT "audit_requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_comments" ADD CONSTRAINT "request_comments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_comments" ADD CONSTRAINT "request_comments_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_comments" ADD CONSTRAINT "request_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_versions" ADD CONSTRAINT "request_versions_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_versions" ADD CONSTRAINT "request_versions_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_versions" ADD CONSTRAINT "request_versions_returned_by_user_id_users_id_fk" FOREIGN KEY ("returned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_requests_audit_id_position_idx" ON "audit_requests" USING btree ("audit_id","position");--> statement-breakpoint
CREATE INDEX "audit_requests_assignee_user_id_idx" ON "audit_requests" USING btree ("assignee_user_id");--> statement-breakpoint
CREATE INDEX "audit_requests_organization_id_status_idx" ON "audit_requests" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "request_comments_request_id_created_at_idx" ON "request_comments" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "request_comments_organization_id_idx" ON "request_comments" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "request_comments_author_user_id_idx" ON "request_comments" USING btree ("author_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_versions_request_id_number_key" ON "request_versions" USING btree ("request_id","number");--> statement-breakpoint
CREATE INDEX "request_versions_submitted_by_user_id_idx" ON "request_versions" USING btree ("submitted_by_user_id");--> statement-breakpoint
CREATE INDEX "request_versions_returned_by_user_id_idx" ON "request_versions" USING btree ("returned_by_user_id");--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_request_id_audit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."audit_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_request_id_created_at_idx" ON "activity_events" USING btree ("request_id","created_at");--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_action_check" CHECK ("activity_events"."action" in ('organization.updated', 'user.role_changed', 'user.removed', 'invitation.sent', 'invitation.resent', 'invitation.accepted', 'invitation.revoked', 'password.changed', 'request.sent', 'request.submitted', 'request.accepted', 'request.returned', 'request.not_applicable'));