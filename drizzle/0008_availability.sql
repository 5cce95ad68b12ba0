CREATE TABLE "calendar_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"kind" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"tenant_name" text,
	"lease_months" integer,
	"feed_id" integer,
	"feed_uid" text,
	"conflict" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stays_kind_check" CHECK ("stays"."kind" in ('lease', 'short-stay', 'owner-block', 'maintenance')),
	CONSTRAINT "stays_dates_check" CHECK ("stays"."end_date" > "stays"."start_date"),
	CONSTRAINT "stays_source_check" CHECK (("stays"."feed_id" is null) = ("stays"."feed_uid" is null)),
	CONSTRAINT "stays_lease_months_check" CHECK ("stays"."lease_months" is null or "stays"."lease_months" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_kind_check";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "status_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_feed_id_calendar_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."calendar_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_property_url_key" ON "calendar_feeds" USING btree ("property_id","url");--> statement-breakpoint
CREATE INDEX "stays_property_dates_idx" ON "stays" USING btree ("property_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "stays_feed_uid_key" ON "stays" USING btree ("feed_id","feed_uid");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_kind_check" CHECK ("leads"."kind" in ('roi', 'revenue-share', 'unit-enquiry', 'contact', 'newsletter', 'availability-alert', 'viewing'));--> statement-breakpoint
-- Public pages show a unit's calendar (and its .ics), so a stay's change is a content change.
CREATE TRIGGER "stays_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stays"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
