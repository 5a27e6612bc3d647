CREATE TABLE "app_bundle_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"public_key_pem" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_bundle_settings" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"api_bases" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_bundle_keys" ADD CONSTRAINT "app_bundle_keys_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_bundle_settings" ADD CONSTRAINT "app_bundle_settings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_bundle_keys_app_idx" ON "app_bundle_keys" USING btree ("app_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_bundle_keys_one_active_uq" ON "app_bundle_keys" USING btree ("app_id") WHERE "app_bundle_keys"."active";--> statement-breakpoint
-- Issue 34: the signed bundle (GET apps/client/bundle) carries the app's config version. A first
-- signing key, a rotation or new API bases change what the bundle says or who signed it, so they
-- bump the version like every other change the answer depends on (0004's function, one row at a time).
CREATE TRIGGER app_config_bump AFTER INSERT OR UPDATE OR DELETE ON app_bundle_keys FOR EACH ROW EXECUTE FUNCTION app_config_bump_by_app_id();
--> statement-breakpoint
CREATE TRIGGER app_config_bump AFTER INSERT OR UPDATE OR DELETE ON app_bundle_settings FOR EACH ROW EXECUTE FUNCTION app_config_bump_by_app_id();
--> statement-breakpoint
-- The app's developers need its public keys and API bases: every role that may open an app's
-- settings (GET apps/getApp/{id}) may read them. Rotating and saving are role_id 1's alone.
INSERT INTO "role_operations" ("role_id", "method", "route")
SELECT "role_id", 'GET', 'apps/bundleKeys/{appId}' FROM "role_operations" WHERE "method" = 'GET' AND "route" = 'apps/getApp/{id}'
UNION ALL
SELECT "role_id", 'GET', 'apps/bundleSettings/{appId}' FROM "role_operations" WHERE "method" = 'GET' AND "route" = 'apps/getApp/{id}'
ON CONFLICT DO NOTHING;
