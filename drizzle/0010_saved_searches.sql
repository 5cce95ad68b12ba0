CREATE TABLE "saved_search_units" (
	"saved_search_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "saved_search_units_saved_search_id_property_id_pk" PRIMARY KEY("saved_search_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"filters" text NOT NULL,
	"language" text NOT NULL,
	"token" text NOT NULL,
	"source_page" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmation_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "saved_searches_language_check" CHECK ("saved_searches"."language" in ('en', 'ru'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "saved_search_id" integer;--> statement-breakpoint
ALTER TABLE "saved_search_units" ADD CONSTRAINT "saved_search_units_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_units" ADD CONSTRAINT "saved_search_units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_email_filters_key" ON "saved_searches" USING btree ("email","filters");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_token_key" ON "saved_searches" USING btree ("token");--> statement-breakpoint
CREATE INDEX "saved_searches_confirmed_idx" ON "saved_searches" USING btree ("confirmed_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_saved_search_idx" ON "outbox" USING btree ("saved_search_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_purpose_check" CHECK ("outbox"."purpose" in ('alert', 'reply', 'search-confirm', 'search-alert'));