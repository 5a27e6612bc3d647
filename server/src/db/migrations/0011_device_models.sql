-- Issue 16: a model filter over a million devices (repositories/device-pages.ts, modelRunsPage). The
-- list looks the models a filter matches up in device_models, then reads each one's run of an
-- index in the list's order: (model, id) and (app_id, model, id) exist; this adds the version order.
-- No device may change while the triggers are created and the models of the stored devices listed.
LOCK TABLE devices IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "device_models" (
	"model" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "devices_model_version_idx" ON "devices" USING btree ("model",("app_version_code"::numeric),"id","app_version_code","app_id");
--> statement-breakpoint
-- Inserts, per statement: a model already listed costs an index probe and writes nothing.
CREATE FUNCTION device_models_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_models (model) SELECT DISTINCT model FROM new_rows WHERE model IS NOT NULL ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates, per row and only when the model changed to one (a re-registration keeping its model fires nothing).
CREATE FUNCTION device_models_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_models (model) VALUES (NEW.model) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER device_models_insert AFTER INSERT ON devices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION device_models_insert();
--> statement-breakpoint
CREATE TRIGGER device_models_update AFTER UPDATE OF model ON devices FOR EACH ROW
  WHEN (NEW.model IS NOT NULL AND OLD.model IS DISTINCT FROM NEW.model)
  EXECUTE FUNCTION device_models_update();
--> statement-breakpoint
-- The models of the devices already stored.
INSERT INTO device_models (model) SELECT DISTINCT model FROM devices WHERE model IS NOT NULL;
