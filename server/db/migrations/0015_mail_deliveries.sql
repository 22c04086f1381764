CREATE TABLE "mail_deliveries" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_deliveries_created_at_idx" ON "mail_deliveries" USING btree ("created_at");