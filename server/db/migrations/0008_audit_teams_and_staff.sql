CREATE TABLE "audit_members" (
	"audit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"lead" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_members_audit_id_user_id_pk" PRIMARY KEY("audit_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_action_check";--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_role_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "audit_members" ADD CONSTRAINT "audit_members_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_members" ADD CONSTRAINT "audit_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_members" ADD CONSTRAINT "audit_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_members_one_lead_key" ON "audit_members" USING btree ("audit_id") WHERE "audit_members"."lead";--> statement-breakpoint
CREATE INDEX "audit_members_user_id_idx" ON "audit_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_action_check" CHECK ("activity_events"."action" in ('organization.updated', 'user.role_changed', 'user.removed', 'invitation.sent', 'invitation.resent', 'invitation.accepted', 'invitation.revoked', 'password.changed', 'request.sent', 'request.submitted', 'request.accepted', 'request.returned', 'request.not_applicable', 'request.files_added', 'request.file_removed', 'audit.team_changed'));--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('admin', 'staff', 'client'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'staff', 'client'));