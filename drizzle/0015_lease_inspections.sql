CREATE TABLE "lease_inspection_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lease_inspection_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inspection_id" integer NOT NULL,
	"position" integer NOT NULL,
	"room" text NOT NULL,
	"item" text NOT NULL,
	"condition" text DEFAULT 'good' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"photo_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "lease_inspection_items_condition_check" CHECK ("lease_inspection_items"."condition" in ('good', 'fair', 'damaged', 'missing')),
	CONSTRAINT "lease_inspection_items_photos_check" CHECK (cardinality("lease_inspection_items"."photo_keys") <= 6)
);
--> statement-breakpoint
CREATE TABLE "lease_inspections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lease_inspections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lease_id" integer NOT NULL,
	"kind" text NOT NULL,
	"inspected_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_inspections_kind_check" CHECK ("lease_inspections"."kind" in ('move-in', 'move-out'))
);
--> statement-breakpoint
ALTER TABLE "lease_inspection_items" ADD CONSTRAINT "lease_inspection_items_inspection_id_lease_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."lease_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_inspections" ADD CONSTRAINT "lease_inspections_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_inspections" ADD CONSTRAINT "lease_inspections_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lease_inspection_items_inspection_idx" ON "lease_inspection_items" USING btree ("inspection_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_inspections_lease_kind_key" ON "lease_inspections" USING btree ("lease_id","kind");