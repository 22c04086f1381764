-- Second factors are the person's, not one membership's: each row moves to the person of the
-- membership it belonged to (the same id for accounts of before the split).
ALTER TABLE "totp_factors" ADD COLUMN "person_id" uuid;--> statement-breakpoint
UPDATE "totp_factors" SET "person_id" = "users"."person_id" FROM "users" WHERE "users"."id" = "totp_factors"."user_id";--> statement-breakpoint
ALTER TABLE "totp_factors" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "totp_factors" ALTER COLUMN "person_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD PRIMARY KEY ("person_id");--> statement-breakpoint
ALTER TABLE "totp_factors" ADD CONSTRAINT "totp_factors_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD COLUMN "person_id" uuid;--> statement-breakpoint
UPDATE "recovery_codes" SET "person_id" = "users"."person_id" FROM "users" WHERE "users"."id" = "recovery_codes"."user_id";--> statement-breakpoint
ALTER TABLE "recovery_codes" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "recovery_codes" ALTER COLUMN "person_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_person_code_key" ON "recovery_codes" USING btree ("person_id","code_hash");--> statement-breakpoint
CREATE INDEX "recovery_codes_person_id_idx" ON "recovery_codes" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "person_id" uuid;--> statement-breakpoint
UPDATE "passkeys" SET "person_id" = "users"."person_id" FROM "users" WHERE "users"."id" = "passkeys"."user_id";--> statement-breakpoint
ALTER TABLE "passkeys" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "passkeys" ALTER COLUMN "person_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkeys_person_id_idx" ON "passkeys" USING btree ("person_id");
