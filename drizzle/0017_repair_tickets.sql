CREATE TABLE "repair_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"admin_id" integer,
	"owner_id" integer,
	"amount_baht" integer,
	"photo_key" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_events_kind_check" CHECK ("repair_events"."kind" in ('reported', 'quoted', 'approved', 'in-progress', 'done', 'declined', 'photo')),
	CONSTRAINT "repair_events_actor_check" CHECK ("repair_events"."actor" in ('desk', 'owner', 'auto'))
);
--> statement-breakpoint
CREATE TABLE "repair_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repair_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"stage" text DEFAULT 'reported' NOT NULL,
	"quote_baht" integer,
	"quote_key" text,
	"threshold_baht" integer,
	"final_cost_baht" integer,
	"opened_by_owner" integer,
	"opened_by_admin" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_tickets_stage_check" CHECK ("repair_tickets"."stage" in ('reported', 'quoted', 'approved', 'in-progress', 'done', 'declined')),
	CONSTRAINT "repair_tickets_quote_check" CHECK ("repair_tickets"."quote_baht" is null or "repair_tickets"."quote_baht" >= 0),
	CONSTRAINT "repair_tickets_cost_check" CHECK ("repair_tickets"."final_cost_baht" is null or "repair_tickets"."final_cost_baht" >= 0)
);
--> statement-breakpoint
ALTER TABLE "repair_events" ADD CONSTRAINT "repair_events_ticket_id_repair_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."repair_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_events" ADD CONSTRAINT "repair_events_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_events" ADD CONSTRAINT "repair_events_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_opened_by_owner_owners_id_fk" FOREIGN KEY ("opened_by_owner") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_tickets" ADD CONSTRAINT "repair_tickets_opened_by_admin_admin_users_id_fk" FOREIGN KEY ("opened_by_admin") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_events_ticket_idx" ON "repair_events" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "repair_tickets_property_idx" ON "repair_tickets" USING btree ("property_id","created_at");