CREATE TABLE "device_hour_counts" (
	"app_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "device_hour_counts_app_id_hour_slot_pk" PRIMARY KEY("app_id","hour","slot")
);
--> statement-breakpoint
CREATE TABLE "device_version_counts" (
	"app_id" integer NOT NULL,
	"app_version" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "device_version_counts_app_id_app_version_slot_pk" PRIMARY KEY("app_id","app_version","slot")
);
--> statement-breakpoint
ALTER TABLE "device_hour_counts" ADD CONSTRAINT "device_hour_counts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_version_counts" ADD CONSTRAINT "device_version_counts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_hour_counts_hour_idx" ON "device_hour_counts" USING btree ("hour");--> statement-breakpoint
-- Issue 15: the dashboard's device counters (server/src/db/schema/device-counts.ts), kept exact by the
-- triggers below in the same transaction as each change to devices. No device may change while the
-- triggers are created and the counters filled from the existing rows.
LOCK TABLE devices IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- The dashboard's hour of a timestamp: its days are Iran's (Asia/Tehran, UTC+03:30 all year).
CREATE FUNCTION device_stats_hour(ts timestamptz) RETURNS timestamp LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', ts AT TIME ZONE 'Asia/Tehran')
$$;
--> statement-breakpoint
-- The oldest hour kept in device_hour_counts (31 days back: the dashboard shows 30).
CREATE FUNCTION device_stats_cutoff() RETURNS timestamp LANGUAGE sql STABLE AS $$
  SELECT device_stats_hour(now()) - interval '31 days'
$$;
--> statement-breakpoint
-- Adds `delta` devices of (app, created_at, version) to the counters, in this connection's slot.
-- Used per row by the update trigger; the insert and delete triggers do the same per statement.
CREATE FUNCTION device_counts_add(p_app integer, p_created timestamptz, p_version text, delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h timestamp := device_stats_hour(p_created);
BEGIN
  INSERT INTO device_version_counts AS c (app_id, app_version, slot, n)
  VALUES (p_app, coalesce(p_version, ''), pg_backend_pid() % 8, delta)
  ON CONFLICT (app_id, app_version, slot) DO UPDATE SET n = c.n + excluded.n;
  IF h >= device_stats_cutoff() THEN
    INSERT INTO device_hour_counts AS c (app_id, hour, slot, n)
    VALUES (p_app, h, pg_backend_pid() % 8, delta)
    ON CONFLICT (app_id, hour, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
END $$;
--> statement-breakpoint
-- Inserts, per statement (a registration is one row; a bulk insert of 100,000 rows is one upsert per
-- app and hour). Opening a new hour row also drops the app's hours older than the cutoff.
CREATE FUNCTION device_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamp := device_stats_cutoff();
BEGIN
  INSERT INTO device_version_counts AS c (app_id, app_version, slot, n)
  SELECT app_id, coalesce(app_version_code, ''), pg_backend_pid() % 8, count(*) FROM new_rows GROUP BY 1, 2
  ON CONFLICT (app_id, app_version, slot) DO UPDATE SET n = c.n + excluded.n;
  WITH up AS (
    INSERT INTO device_hour_counts AS c (app_id, hour, slot, n)
    SELECT app_id, device_stats_hour(created_at), pg_backend_pid() % 8, count(*) FROM new_rows
    WHERE device_stats_hour(created_at) >= cutoff GROUP BY 1, 2
    ON CONFLICT (app_id, hour, slot) DO UPDATE SET n = c.n + excluded.n
    RETURNING c.app_id, (c.xmax = 0) AS opened
  )
  DELETE FROM device_hour_counts d USING (SELECT DISTINCT app_id FROM up WHERE opened) o
  WHERE d.app_id = o.app_id AND d.hour < cutoff;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deletes, per statement (a panel delete, a move's delete half, or all of an app's devices going with
-- it). Counters of an app that is itself being deleted are left to its cascade.
CREATE FUNCTION device_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_version_counts AS c (app_id, app_version, slot, n)
  SELECT o.app_id, coalesce(o.app_version_code, ''), pg_backend_pid() % 8, -count(*) FROM old_rows o
  WHERE EXISTS (SELECT 1 FROM apps a WHERE a.id = o.app_id) GROUP BY 1, 2
  ON CONFLICT (app_id, app_version, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_hour_counts AS c (app_id, hour, slot, n)
  SELECT o.app_id, device_stats_hour(o.created_at), pg_backend_pid() % 8, -count(*) FROM old_rows o
  WHERE device_stats_hour(o.created_at) >= device_stats_cutoff() AND EXISTS (SELECT 1 FROM apps a WHERE a.id = o.app_id) GROUP BY 1, 2
  ON CONFLICT (app_id, hour, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates, per row and only when a counted field changed: a re-registration with the same version
-- (the common case) fires nothing.
CREATE FUNCTION device_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_counts_add(OLD.app_id, OLD.created_at, OLD.app_version_code, -1);
  PERFORM device_counts_add(NEW.app_id, NEW.created_at, NEW.app_version_code, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER device_counts_insert AFTER INSERT ON devices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION device_counts_insert();
--> statement-breakpoint
CREATE TRIGGER device_counts_delete AFTER DELETE ON devices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION device_counts_delete();
--> statement-breakpoint
CREATE TRIGGER device_counts_update AFTER UPDATE OF app_id, app_version_code, created_at ON devices FOR EACH ROW
  WHEN (OLD.app_id IS DISTINCT FROM NEW.app_id OR OLD.app_version_code IS DISTINCT FROM NEW.app_version_code OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION device_counts_update();
--> statement-breakpoint
-- The counters of the devices already stored.
INSERT INTO device_version_counts (app_id, app_version, slot, n)
SELECT app_id, coalesce(app_version_code, ''), 0, count(*) FROM devices GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO device_hour_counts (app_id, hour, slot, n)
SELECT app_id, device_stats_hour(created_at), 0, count(*) FROM devices WHERE created_at >= now() - interval '32 days' AND device_stats_hour(created_at) >= device_stats_cutoff() GROUP BY 1, 2;
