CREATE TABLE "currency_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "currency_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"currency" text NOT NULL,
	"thb_per_unit" numeric(12, 6) NOT NULL,
	"applies_from" date NOT NULL,
	"entered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_check" CHECK ("currency_rates"."currency" in ('USD', 'EUR', 'RUB', 'CNY', 'GBP', 'AUD')),
	CONSTRAINT "currency_rates_positive_check" CHECK ("currency_rates"."thb_per_unit" > 0)
);
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_entered_by_admin_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "currency_rates_currency_applies_from_key" ON "currency_rates" USING btree ("currency","applies_from");--> statement-breakpoint
-- Hand-written: a new or removed rate changes the prices pages show (page cache, decision 007).
CREATE TRIGGER "currency_rates_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "currency_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
