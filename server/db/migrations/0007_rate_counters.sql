ALTER TABLE "login_throttle" RENAME TO "rate_counters";--> statement-breakpoint
ALTER TABLE "rate_counters" RENAME CONSTRAINT "login_throttle_pkey" TO "rate_counters_pkey";--> statement-breakpoint
ALTER TABLE "rate_counters" RENAME COLUMN "failures" TO "count";--> statement-breakpoint
CREATE INDEX "rate_counters_window_ends_at_idx" ON "rate_counters" USING btree ("window_ends_at");