CREATE TABLE "ledger_expenses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_expenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"spent_on" date NOT NULL,
	"category" text NOT NULL,
	"vendor" text NOT NULL,
	"amount_baht" integer NOT NULL,
	"borne_by" text NOT NULL,
	"receipt_key" text,
	"receipt_type" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_expenses_category_check" CHECK ("ledger_expenses"."category" in ('cleaning', 'utilities', 'maintenance', 'supplies', 'insurance', 'common-fees', 'tax', 'other')),
	CONSTRAINT "ledger_expenses_borne_by_check" CHECK ("ledger_expenses"."borne_by" in ('owner', 'company')),
	CONSTRAINT "ledger_expenses_amount_check" CHECK ("ledger_expenses"."amount_baht" between 1 and 1000000000),
	CONSTRAINT "ledger_expenses_receipt_check" CHECK (("ledger_expenses"."receipt_key" is null) = ("ledger_expenses"."receipt_type" is null))
);
--> statement-breakpoint
CREATE TABLE "ledger_stays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_stays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"stay_id" integer,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"channel" text NOT NULL,
	"gross_baht" integer NOT NULL,
	"commission_baht" integer DEFAULT 0 NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_stays_channel_check" CHECK ("ledger_stays"."channel" in ('airbnb', 'booking', 'agoda', 'expedia', 'direct', 'other')),
	CONSTRAINT "ledger_stays_dates_check" CHECK ("ledger_stays"."check_out" > "ledger_stays"."check_in"),
	CONSTRAINT "ledger_stays_money_check" CHECK ("ledger_stays"."gross_baht" between 1 and 1000000000 and "ledger_stays"."commission_baht" between 0 and "ledger_stays"."gross_baht")
);
--> statement-breakpoint
CREATE TABLE "owner_statement_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owner_statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"statement_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"on" date NOT NULL,
	"label" text NOT NULL,
	"amount" bigint NOT NULL,
	"source_kind" text,
	"source_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "owner_statement_lines_kind_check" CHECK ("owner_statement_lines"."kind" in ('rent', 'stay', 'commission', 'expense', 'repair', 'guaranteed-return', 'management-fee')),
	CONSTRAINT "owner_statement_lines_source_check" CHECK (("owner_statement_lines"."source_kind" is null) = ("owner_statement_lines"."source_id" is null) and ("owner_statement_lines"."source_kind" is null or "owner_statement_lines"."source_kind" in ('lease-payment', 'stay', 'expense', 'repair-ticket'))),
	CONSTRAINT "owner_statement_lines_amount_check" CHECK ("owner_statement_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "owner_statement_parts" (
	"statement_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"share_percent" integer NOT NULL,
	"amount" bigint NOT NULL,
	"withholding_bp" integer DEFAULT 0 NOT NULL,
	"withholding" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"paid_on" date,
	"payout_method" text,
	"payout_reference" text,
	"paid_recorded_by" integer,
	CONSTRAINT "owner_statement_parts_statement_id_owner_id_pk" PRIMARY KEY("statement_id","owner_id"),
	CONSTRAINT "owner_statement_parts_share_check" CHECK ("owner_statement_parts"."share_percent" between 1 and 100),
	CONSTRAINT "owner_statement_parts_payout_check" CHECK ("owner_statement_parts"."payout" = "owner_statement_parts"."amount" - "owner_statement_parts"."withholding"),
	CONSTRAINT "owner_statement_parts_paid_check" CHECK (("owner_statement_parts"."paid_on" is null) = ("owner_statement_parts"."payout_method" is null) and ("owner_statement_parts"."payout_method" is null or "owner_statement_parts"."payout_method" in ('bank-transfer', 'promptpay', 'cash', 'wise', 'other')))
);
--> statement-breakpoint
CREATE TABLE "owner_statements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owner_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"program" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supersedes_id" integer,
	"correction_reason" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"gross" bigint NOT NULL,
	"commissions" bigint NOT NULL,
	"expenses" bigint NOT NULL,
	"net" bigint NOT NULL,
	"owner_share" bigint NOT NULL,
	"company_share" bigint NOT NULL,
	"withholding" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rates" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "owner_statements_program_check" CHECK ("owner_statements"."program" in ('guaranteed', 'revenue-share')),
	CONSTRAINT "owner_statements_status_check" CHECK ("owner_statements"."status" in ('draft', 'approved', 'published', 'paid')),
	CONSTRAINT "owner_statements_period_check" CHECK ("owner_statements"."period_end" > "owner_statements"."period_start"),
	CONSTRAINT "owner_statements_version_check" CHECK ("owner_statements"."version" >= 1 and ("owner_statements"."version" = 1) = ("owner_statements"."supersedes_id" is null) and ("owner_statements"."supersedes_id" is null) = ("owner_statements"."correction_reason" is null)),
	CONSTRAINT "owner_statements_sums_check" CHECK ("owner_statements"."net" = "owner_statements"."gross" - "owner_statements"."commissions" - "owner_statements"."expenses" and "owner_statements"."owner_share" + "owner_statements"."company_share" = "owner_statements"."net" and "owner_statements"."payout" = "owner_statements"."owner_share" - "owner_statements"."withholding")
);
--> statement-breakpoint
CREATE TABLE "owner_withholding" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_withholding_basis_check" CHECK ("owner_withholding"."basis" in ('resident', 'non-resident', 'custom')),
	CONSTRAINT "owner_withholding_rate_check" CHECK ("owner_withholding"."rate_bp" between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "ledger_expenses" ADD CONSTRAINT "ledger_expenses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_expenses" ADD CONSTRAINT "ledger_expenses_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_stays" ADD CONSTRAINT "ledger_stays_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_stays" ADD CONSTRAINT "ledger_stays_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_stays" ADD CONSTRAINT "ledger_stays_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statement_lines" ADD CONSTRAINT "owner_statement_lines_statement_id_owner_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."owner_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statement_parts" ADD CONSTRAINT "owner_statement_parts_statement_id_owner_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."owner_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statement_parts" ADD CONSTRAINT "owner_statement_parts_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statement_parts" ADD CONSTRAINT "owner_statement_parts_paid_recorded_by_admin_users_id_fk" FOREIGN KEY ("paid_recorded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_approved_by_admin_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_statements" ADD CONSTRAINT "owner_statements_published_by_admin_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_withholding" ADD CONSTRAINT "owner_withholding_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_withholding" ADD CONSTRAINT "owner_withholding_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_expenses_property_idx" ON "ledger_expenses" USING btree ("property_id","spent_on");--> statement-breakpoint
CREATE INDEX "ledger_stays_property_idx" ON "ledger_stays" USING btree ("property_id","check_out");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_statement_lines_position_key" ON "owner_statement_lines" USING btree ("statement_id","position");--> statement-breakpoint
CREATE INDEX "owner_statement_lines_source_idx" ON "owner_statement_lines" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "owner_statement_parts_owner_idx" ON "owner_statement_parts" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_statements_version_key" ON "owner_statements" USING btree ("property_id","period_start","version");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_statements_open_key" ON "owner_statements" USING btree ("property_id","period_start") WHERE "owner_statements"."status" in ('draft', 'approved');--> statement-breakpoint
CREATE INDEX "owner_statements_period_idx" ON "owner_statements" USING btree ("period_start","status");