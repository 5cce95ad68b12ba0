CREATE TABLE "owner_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owner_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer,
	"owner_id" integer,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"media_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_documents_category_check" CHECK ("owner_documents"."category" in ('agreement', 'inspection', 'insurance', 'other')),
	CONSTRAINT "owner_documents_target_check" CHECK (num_nonnulls("owner_documents"."property_id", "owner_documents"."owner_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "owner_documents" ADD CONSTRAINT "owner_documents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_documents" ADD CONSTRAINT "owner_documents_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_documents" ADD CONSTRAINT "owner_documents_uploaded_by_admin_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_documents_property_idx" ON "owner_documents" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "owner_documents_owner_idx" ON "owner_documents" USING btree ("owner_id");