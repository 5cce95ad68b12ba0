CREATE TABLE "deposit_deductions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_deductions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lease_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"media_key" text,
	"is_repair" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_deductions_amount_check" CHECK ("deposit_deductions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "lease_dues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lease_dues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lease_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"period_start" date,
	"period_end" date,
	"amount" integer NOT NULL,
	"reminded_at" timestamp with time zone,
	"overdue_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_dues_kind_check" CHECK ("lease_dues"."kind" in ('rent', 'deposit')),
	CONSTRAINT "lease_dues_amount_check" CHECK ("lease_dues"."amount" >= 0),
	CONSTRAINT "lease_dues_period_check" CHECK (("lease_dues"."period_start" is null) = ("lease_dues"."period_end" is null) and ("lease_dues"."period_end" is null or "lease_dues"."period_end" > "lease_dues"."period_start"))
);
--> statement-breakpoint
CREATE TABLE "lease_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lease_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lease_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"what" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lease_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lease_id" integer NOT NULL,
	"due_id" integer,
	"paid_on" date NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_payments_method_check" CHECK ("lease_payments"."method" in ('bank-transfer', 'promptpay', 'cash', 'card')),
	CONSTRAINT "lease_payments_amount_check" CHECK ("lease_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "lease_tenants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lease_tenants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lease_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text,
	"nationality" text,
	"passport_number" text,
	"email" text,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"visa_type" text,
	"permitted_stay_until" date,
	"arrival_date" date,
	"port_of_entry" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lease_tenants_language_check" CHECK ("lease_tenants"."language" in ('en', 'ru', 'th'))
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"lead_id" integer,
	"stay_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"term" text NOT NULL,
	"monthly_rent" integer NOT NULL,
	"deposit" integer NOT NULL,
	"due_day" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"deposit_status" text DEFAULT 'pending' NOT NULL,
	"deposit_received_on" date,
	"deposit_returned_on" date,
	"deposit_returned_amount" integer,
	"ended_on" date,
	"signed_at" timestamp with time zone,
	"deposit_alerted_at" timestamp with time zone,
	"personal_data_erased_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "leases_dates_check" CHECK ("leases"."end_date" > "leases"."start_date"),
	CONSTRAINT "leases_term_check" CHECK ("leases"."term" in ('month', 'six-months', 'year', 'custom')),
	CONSTRAINT "leases_status_check" CHECK ("leases"."status" in ('draft', 'signed', 'active', 'ended', 'cancelled')),
	CONSTRAINT "leases_deposit_status_check" CHECK ("leases"."deposit_status" in ('pending', 'received', 'held', 'returned')),
	CONSTRAINT "leases_money_check" CHECK ("leases"."monthly_rent" >= 0 and "leases"."deposit" >= 0),
	CONSTRAINT "leases_due_day_check" CHECK ("leases"."due_day" between 1 and 28),
	CONSTRAINT "leases_deposit_returned_check" CHECK ("leases"."deposit_returned_amount" is null or "leases"."deposit_returned_amount" between 0 and "leases"."deposit")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"lease_id" integer NOT NULL,
	"tenant_id" integer,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"receipt_number" text,
	"receipt_media_key" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('tm30')),
	CONSTRAINT "tasks_done_check" CHECK ("tasks"."done_at" is null or ("tasks"."receipt_number" is not null and "tasks"."receipt_number" <> ''))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "lease_id" integer;--> statement-breakpoint
ALTER TABLE "deposit_deductions" ADD CONSTRAINT "deposit_deductions_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_deductions" ADD CONSTRAINT "deposit_deductions_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_dues" ADD CONSTRAINT "lease_dues_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_events" ADD CONSTRAINT "lease_events_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_events" ADD CONSTRAINT "lease_events_actor_id_admin_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_payments" ADD CONSTRAINT "lease_payments_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_payments" ADD CONSTRAINT "lease_payments_due_id_lease_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."lease_dues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_payments" ADD CONSTRAINT "lease_payments_recorded_by_admin_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_tenants" ADD CONSTRAINT "lease_tenants_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_lease_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."lease_tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_done_by_admin_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_deductions_lease_idx" ON "deposit_deductions" USING btree ("lease_id");--> statement-breakpoint
CREATE INDEX "lease_dues_lease_idx" ON "lease_dues" USING btree ("lease_id","due_date");--> statement-breakpoint
CREATE INDEX "lease_dues_due_date_idx" ON "lease_dues" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "lease_events_lease_idx" ON "lease_events" USING btree ("lease_id","at");--> statement-breakpoint
CREATE INDEX "lease_payments_lease_idx" ON "lease_payments" USING btree ("lease_id","paid_on");--> statement-breakpoint
CREATE INDEX "lease_payments_due_idx" ON "lease_payments" USING btree ("due_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_tenants_lease_position_key" ON "lease_tenants" USING btree ("lease_id","position");--> statement-breakpoint
CREATE INDEX "leases_property_idx" ON "leases" USING btree ("property_id","start_date");--> statement-breakpoint
CREATE INDEX "leases_status_idx" ON "leases" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "leases_lead_idx" ON "leases" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leases_stay_key" ON "leases" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "tasks_open_idx" ON "tasks" USING btree ("due_at") WHERE "tasks"."done_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_lease_idx" ON "tasks" USING btree ("lease_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_lease_idx" ON "outbox" USING btree ("lease_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_purpose_check" CHECK ("outbox"."purpose" in ('alert', 'reply', 'search-confirm', 'search-alert', 'lease-reminder'));