CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_policies" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"days_before" integer[] DEFAULT '{3,1}' NOT NULL,
	"on_due_date" boolean DEFAULT true NOT NULL,
	"days_after" integer[] DEFAULT '{1,3,7}' NOT NULL,
	"send_hour" integer DEFAULT 0 NOT NULL,
	"escalate_after_days" integer DEFAULT 7,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_policies_send_hour_check" CHECK ("reminder_policies"."send_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "scheduled_mails" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_mails_user_id_day_kind_pk" PRIMARY KEY("user_id","day","kind")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "reminders_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD COLUMN "reminders_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD COLUMN "reminder_stage" integer;--> statement-breakpoint
ALTER TABLE "audit_requests" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_policies" ADD CONSTRAINT "reminder_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_mails" ADD CONSTRAINT "scheduled_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The reminder scan's rows: requests awaiting the client that have a due date and an assignee.
CREATE INDEX "audit_requests_reminders_idx" ON "audit_requests" ("organization_id", "due_date") WHERE "status" IN ('sent', 'returned') AND "due_date" IS NOT NULL AND "assignee_user_id" IS NOT NULL;--> statement-breakpoint
-- A new due date starts a new series of reminders, whichever code path sets it.
CREATE FUNCTION "audit_requests_due_date_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reminder_stage := NULL;
  NEW.escalated_at := NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_requests_due_date_changed" BEFORE UPDATE OF "due_date" ON "audit_requests"
  FOR EACH ROW WHEN (OLD.due_date IS DISTINCT FROM NEW.due_date)
  EXECUTE FUNCTION "audit_requests_due_date_changed"();
