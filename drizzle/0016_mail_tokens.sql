CREATE TABLE "email_tokens" (
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"saved_search_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_purpose_token_hash_pk" PRIMARY KEY("purpose","token_hash"),
	CONSTRAINT "email_tokens_purpose_check" CHECK ("email_tokens"."purpose" in ('newsletter-confirm', 'newsletter-unsubscribe', 'search-confirm', 'search-unsubscribe'))
);
--> statement-breakpoint
DROP INDEX "saved_searches_token_key";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_saved_search_idx" ON "email_tokens" USING btree ("saved_search_id");--> statement-breakpoint
-- The saved searches' plain tokens are kept only as SHA-256 hashes: as unsubscribe tokens (every
-- search) and as confirm tokens (searches still waiting for confirmation), so the links in mails
-- already sent keep working.
INSERT INTO "email_tokens" ("purpose", "token_hash", "email", "saved_search_id", "created_at")
  SELECT 'search-unsubscribe', encode(sha256(convert_to("token", 'UTF8')), 'hex'), "email", "id", "created_at"
  FROM "saved_searches";--> statement-breakpoint
INSERT INTO "email_tokens" ("purpose", "token_hash", "email", "saved_search_id", "created_at")
  SELECT 'search-confirm', encode(sha256(convert_to("token", 'UTF8')), 'hex'), "email", "id", "confirmation_sent_at"
  FROM "saved_searches" WHERE "confirmed_at" IS NULL AND "unsubscribed_at" IS NULL;--> statement-breakpoint
-- Subscriptions made before double opt-in were consented to once and welcomed with an
-- unsubscribe link: they stay subscribed.
UPDATE "leads" SET "confirmed_at" = "created_at" WHERE "kind" = 'newsletter';--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "token";