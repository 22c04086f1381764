ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_action_check";--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "audit_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_audit_id_created_at_id_idx" ON "activity_events" USING btree ("audit_id","created_at","id");--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_action_check" CHECK ("activity_events"."action" in ('organization.updated', 'user.role_changed', 'user.removed', 'invitation.sent', 'invitation.resent', 'invitation.accepted', 'invitation.revoked', 'password.changed', 'request.created', 'request.updated', 'request.moved', 'request.deleted', 'request.commented', 'request.noted', 'request.sent', 'request.submitted', 'request.accepted', 'request.reopened', 'request.reworded', 'request.returned', 'request.not_applicable', 'request.not_applicable_proposed', 'request.proposal_accepted', 'request.proposal_declined', 'request.question_asked', 'request.files_added', 'request.file_removed', 'audit.team_changed', 'audit.completed', 'audit.reopened'));--> statement-breakpoint
-- Each request's events belong to its audit's trail too (kept when the request is deleted).
UPDATE "activity_events" SET "audit_id" = "audit_requests"."audit_id"
FROM "audit_requests" WHERE "audit_requests"."id" = "activity_events"."request_id";
