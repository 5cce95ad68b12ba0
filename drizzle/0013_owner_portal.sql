CREATE TABLE "owner_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "owner_stay_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owner_stay_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stay_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_stay_requests_status_check" CHECK ("owner_stay_requests"."status" in ('pending', 'approved', 'refused')),
	CONSTRAINT "owner_stay_requests_dates_check" CHECK ("owner_stay_requests"."end_date" > "owner_stay_requests"."start_date")
);
--> statement-breakpoint
CREATE TABLE "owner_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_tokens_purpose_check" CHECK ("owner_tokens"."purpose" in ('invite', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"alert_channels" text[] DEFAULT '{email}'::text[] NOT NULL,
	"telegram_chat_id" text,
	"line_user_id" text,
	"residency" text DEFAULT '' NOT NULL,
	"approval_threshold_baht" integer DEFAULT 5000 NOT NULL,
	"password_hash" text,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_language_check" CHECK ("owners"."language" in ('en', 'ru')),
	CONSTRAINT "owners_alert_channels_check" CHECK ("owners"."alert_channels" <@ array['email', 'telegram', 'line']::text[]),
	CONSTRAINT "owners_threshold_check" CHECK ("owners"."approval_threshold_baht" >= 0)
);
--> statement-breakpoint
CREATE TABLE "unit_owners" (
	"property_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"share_percent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_owners_property_id_owner_id_pk" PRIMARY KEY("property_id","owner_id"),
	CONSTRAINT "unit_owners_share_check" CHECK ("unit_owners"."share_percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "unit_programs" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"property_value_baht" bigint,
	"start_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_programs_kind_check" CHECK ("unit_programs"."kind" in ('guaranteed', 'revenue-share')),
	CONSTRAINT "unit_programs_guaranteed_check" CHECK ("unit_programs"."kind" <> 'guaranteed' or ("unit_programs"."property_value_baht" > 0 and "unit_programs"."start_date" is not null))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "owner_sessions" ADD CONSTRAINT "owner_sessions_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_stay_requests" ADD CONSTRAINT "owner_stay_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_stay_requests" ADD CONSTRAINT "owner_stay_requests_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_stay_requests" ADD CONSTRAINT "owner_stay_requests_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_stay_requests" ADD CONSTRAINT "owner_stay_requests_decided_by_admin_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_tokens" ADD CONSTRAINT "owner_tokens_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_owners" ADD CONSTRAINT "unit_owners_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_owners" ADD CONSTRAINT "unit_owners_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_programs" ADD CONSTRAINT "unit_programs_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_sessions_owner_idx" ON "owner_sessions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "owner_sessions_expires_idx" ON "owner_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "owner_stay_requests_property_idx" ON "owner_stay_requests" USING btree ("property_id","start_date");--> statement-breakpoint
CREATE INDEX "owner_stay_requests_owner_idx" ON "owner_stay_requests" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "owner_tokens_owner_idx" ON "owner_tokens" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owners_email_key" ON "owners" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "unit_owners_owner_idx" ON "unit_owners" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_purpose_check" CHECK ("outbox"."purpose" in ('alert', 'reply', 'search-confirm', 'search-alert', 'lease-reminder', 'owner-access', 'owner-alert'));