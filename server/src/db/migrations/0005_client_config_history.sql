CREATE TABLE "app_config_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text
);
--> statement-breakpoint
ALTER TABLE "app_config_changes" ADD CONSTRAINT "app_config_changes_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_config_changes_app_idx" ON "app_config_changes" USING btree ("app_id","id");--> statement-breakpoint
-- Every bump is also logged, for the panel's "what the app receives" history (when the config
-- changed and by which action).
CREATE OR REPLACE FUNCTION bump_app_config(app_ids integer[], reason text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH bumped AS (
    INSERT INTO app_config_versions AS v (app_id, version, changed_at, changed_by)
    SELECT a.id, 1, now(), reason FROM apps a WHERE a.id = ANY (app_ids)
    ON CONFLICT (app_id) DO UPDATE SET version = v.version + 1, changed_at = now(), changed_by = excluded.changed_by
    RETURNING v.app_id, v.version, v.changed_at, v.changed_by
  )
  INSERT INTO app_config_changes (app_id, version, changed_at, changed_by) SELECT app_id, version, changed_at, changed_by FROM bumped;
END $$;
