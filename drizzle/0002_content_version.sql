-- A counter of changes to what public pages show. Every statement that writes the listing
-- tables bumps it, whoever runs it, so every server's page cache knows when to drop its pages.
INSERT INTO "settings" ("key", "value") VALUES ('content_version', '0'::jsonb) ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "settings" ("key", "value", "updated_at") VALUES ('content_version', '1'::jsonb, now())
  ON CONFLICT ("key") DO UPDATE
    SET "value" = to_jsonb(("settings"."value" #>> '{}')::bigint + 1), "updated_at" = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
--> statement-breakpoint
CREATE TRIGGER "property_images_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();
