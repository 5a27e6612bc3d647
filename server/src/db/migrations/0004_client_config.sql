CREATE TABLE "app_config_versions" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_config_versions" ADD CONSTRAINT "app_config_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 13: the per-app config version. Every change that GET apps/client/config depends on bumps
-- it in the same transaction, through the triggers below, whichever code path (or psql session)
-- makes the change. `reason` is "table:op", kept as changed_by.
INSERT INTO "app_config_versions" ("app_id", "version", "changed_by") SELECT "id", 1, 'migration' FROM "apps" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bump_app_config(app_ids integer[], reason text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Only apps that still exist: a cascade from a deleted app must not re-create its row.
  INSERT INTO app_config_versions AS v (app_id, version, changed_at, changed_by)
  SELECT a.id, 1, now(), reason FROM apps a WHERE a.id = ANY (app_ids)
  ON CONFLICT (app_id) DO UPDATE SET version = v.version + 1, changed_at = now(), changed_by = excluded.changed_by;
END $$;
--> statement-breakpoint
-- Rows keyed by app_id (app_settings, ad_settings, app_versions, server_apps), one row at a time.
CREATE FUNCTION app_config_bump_by_app_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_app_config(ARRAY[OLD.app_id], TG_TABLE_NAME || ':delete');
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_app_config(ARRAY[OLD.app_id, NEW.app_id], TG_TABLE_NAME || ':update');
  ELSE
    PERFORM bump_app_config(ARRAY[NEW.app_id], TG_TABLE_NAME || ':insert');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_config_bump AFTER INSERT OR UPDATE OR DELETE ON app_settings FOR EACH ROW EXECUTE FUNCTION app_config_bump_by_app_id();
--> statement-breakpoint
CREATE TRIGGER app_config_bump AFTER INSERT OR UPDATE OR DELETE ON ad_settings FOR EACH ROW EXECUTE FUNCTION app_config_bump_by_app_id();
--> statement-breakpoint
CREATE TRIGGER app_config_bump AFTER INSERT OR UPDATE OR DELETE ON server_apps FOR EACH ROW EXECUTE FUNCTION app_config_bump_by_app_id();
--> statement-breakpoint
-- Only blocked versions are in the answer: a device registering with a new (active) version, the
-- common case, changes nothing and fires nothing.
CREATE TRIGGER app_config_bump_insert AFTER INSERT ON app_versions FOR EACH ROW WHEN (NOT NEW.status) EXECUTE FUNCTION app_config_bump_by_app_id();
--> statement-breakpoint
CREATE TRIGGER app_config_bump_update AFTER UPDATE ON app_versions FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.app_version IS DISTINCT FROM NEW.app_version OR OLD.app_id IS DISTINCT FROM NEW.app_id)
  EXECUTE FUNCTION app_config_bump_by_app_id();
--> statement-breakpoint
CREATE TRIGGER app_config_bump_delete AFTER DELETE ON app_versions FOR EACH ROW WHEN (NOT OLD.status) EXECUTE FUNCTION app_config_bump_by_app_id();
--> statement-breakpoint
-- The app itself: a new app gets version 1, any edit bumps it.
CREATE FUNCTION app_config_bump_app() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO app_config_versions (app_id, version, changed_by) VALUES (NEW.id, 1, 'apps:insert') ON CONFLICT DO NOTHING;
  ELSE
    PERFORM bump_app_config(ARRAY[NEW.id], 'apps:update');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_config_bump AFTER INSERT OR UPDATE ON apps FOR EACH ROW EXECUTE FUNCTION app_config_bump_app();
--> statement-breakpoint
-- A server's own fields (its country, say): the apps linked to it. Links and deletes are covered
-- by server_apps (a deleted server's links go by cascade).
CREATE FUNCTION app_config_bump_server() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_app_config(ARRAY(SELECT app_id FROM server_apps WHERE server_id IN (OLD.id, NEW.id)), 'servers:update');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_config_bump AFTER UPDATE ON servers FOR EACH ROW EXECUTE FUNCTION app_config_bump_server();
--> statement-breakpoint
-- Profiles change in bulk (a CSV import inserts up to 100,000 rows in a few statements), so these
-- triggers run once per statement over its transition table: one bump per app and statement.
CREATE FUNCTION app_config_bump_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_app_config(
    ARRAY(SELECT DISTINCT sa.app_id FROM server_apps sa WHERE sa.server_id IN (SELECT DISTINCT server_id FROM changed_rows)),
    'profiles:' || lower(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_config_bump_profiles_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_app_config(
    ARRAY(SELECT DISTINCT sa.app_id FROM server_apps sa
          WHERE sa.server_id IN (SELECT server_id FROM changed_rows UNION SELECT server_id FROM old_rows)),
    'profiles:update');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_config_bump_insert AFTER INSERT ON profiles REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_config_bump_profiles();
--> statement-breakpoint
CREATE TRIGGER app_config_bump_delete AFTER DELETE ON profiles REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_config_bump_profiles();
--> statement-breakpoint
CREATE TRIGGER app_config_bump_update AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_config_bump_profiles_update();
--> statement-breakpoint
-- Global settings every app's answer carries (operator names) or links to (the privacy policy).
CREATE FUNCTION app_config_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_app_config(ARRAY(SELECT id FROM apps), TG_TABLE_NAME || ':' || lower(TG_OP));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_config_bump AFTER INSERT OR UPDATE OR DELETE ON operator_settings FOR EACH STATEMENT EXECUTE FUNCTION app_config_bump_all();
--> statement-breakpoint
CREATE TRIGGER app_config_bump AFTER INSERT OR UPDATE OR DELETE ON privacy_policy FOR EACH STATEMENT EXECUTE FUNCTION app_config_bump_all();
