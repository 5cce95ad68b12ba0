ALTER TABLE "admin_users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
-- An enrolment begun but not confirmed kept its secret in totp_secret; it moves to the new column.
UPDATE "admin_users" SET "totp_pending_secret" = "totp_secret", "totp_secret" = NULL, "totp_last_step" = NULL WHERE "totp_enabled_at" IS NULL AND "totp_secret" IS NOT NULL;
