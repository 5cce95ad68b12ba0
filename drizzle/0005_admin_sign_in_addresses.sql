CREATE TABLE "admin_sign_in_addresses" (
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_sign_in_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
ALTER TABLE "admin_sign_in_addresses" ADD CONSTRAINT "admin_sign_in_addresses_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;