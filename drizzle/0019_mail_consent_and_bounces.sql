ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
ALTER TABLE "email_suppressions" DROP CONSTRAINT "email_suppressions_pkey";--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD COLUMN "scope" text DEFAULT 'marketing' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD COLUMN "reason" text DEFAULT 'unsubscribed' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_email_scope_pk" PRIMARY KEY("email","scope");--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_scope_check" CHECK ("email_suppressions"."scope" in ('newsletter', 'marketing', 'transactional'));--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_reason_check" CHECK ("email_suppressions"."reason" in ('unsubscribed', 'bounced'));--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" in ('newsletter-confirm', 'newsletter-unsubscribe', 'search-confirm', 'search-unsubscribe', 'marketing-unsubscribe'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_purpose_check" CHECK ("outbox"."purpose" in ('alert', 'reply', 'search-confirm', 'search-alert', 'lease-reminder', 'owner-access', 'owner-alert', 'availability-notice'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sent', 'failed', 'bounced', 'withheld'));
