-- Issue 16: a deep page of the device list (repositories/device-buckets.ts) started every walk at
-- the nearer end of its index and skipped up to half the list (500,000 rows, 140-616 ms; more
-- when registrations had cleared the visibility map). Exact counts per app, version and id bucket
-- (4,096 ids) place the page within one bucket. They are kept by the dashboard counters' triggers,
-- in the same transaction, in the same slots (pg_backend_pid() % 8, so that concurrent
-- registrations into the newest bucket do not queue on one row) and in the same lock order:
-- versions, then hours, then buckets, each by its key.
-- Sorted by device id (unique_device_id) the same for stretches between marks (device_id_marks):
-- a device counts under the greatest mark not above its id, per app (device_mark_counts, taken
-- last). The marks start every 1,024 devices; the list cuts a stretch again when it grew
-- (repositories/device-marks.ts), under the lock this migration takes, so the counts stay exact.
-- No device may change while the triggers are replaced and the buckets counted.
LOCK TABLE devices IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "device_id_buckets" (
	"app_id" integer NOT NULL,
	"app_version" text NOT NULL,
	"bucket" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "device_id_buckets_app_id_app_version_bucket_slot_pk" PRIMARY KEY("app_id","app_version","bucket","slot")
);
--> statement-breakpoint
ALTER TABLE "device_id_buckets" ADD CONSTRAINT "device_id_buckets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "device_id_marks" (
	"mark" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_mark_counts" (
	"app_id" integer NOT NULL,
	"mark" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "device_mark_counts_app_id_mark_slot_pk" PRIMARY KEY("app_id","mark","slot")
);
--> statement-breakpoint
ALTER TABLE "device_mark_counts" ADD CONSTRAINT "device_mark_counts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The mark a device id counts under.
CREATE FUNCTION device_id_mark(id text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT m.mark FROM device_id_marks m WHERE m.mark <= id ORDER BY m.mark DESC LIMIT 1
$$;
--> statement-breakpoint
-- Updates, per statement (it was per row): a batch of registrations is one statement, and its rows'
-- counters, taken row by row, came in crossing orders from concurrent batches (versions going up
-- in one, down in another: "deadlock detected"). Now each counter is changed once per statement,
-- in key order. The rows are paired by id; a row whose counted fields did not change adds nothing.
CREATE OR REPLACE FUNCTION device_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_slot smallint := pg_backend_pid() % 8;
  cutoff timestamp := device_stats_cutoff();
BEGIN
  INSERT INTO device_version_counts AS c (app_id, app_version, slot, n)
  SELECT t.app_id, t.version, my_slot, sum(t.delta)
  FROM old_rows o FULL JOIN new_rows w ON w.id = o.id
  CROSS JOIN LATERAL (VALUES (o.app_id, coalesce(o.app_version_code, ''), -1), (w.app_id, coalesce(w.app_version_code, ''), 1)) AS t(app_id, version, delta)
  WHERE t.app_id IS NOT NULL AND (o.id IS NULL OR w.id IS NULL OR o.app_id <> w.app_id OR o.app_version_code IS DISTINCT FROM w.app_version_code)
  GROUP BY 1, 2 HAVING sum(t.delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (app_id, app_version, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_hour_counts AS c (app_id, hour, slot, n)
  SELECT t.app_id, t.hour, my_slot, sum(t.delta)
  FROM old_rows o FULL JOIN new_rows w ON w.id = o.id
  CROSS JOIN LATERAL (VALUES (o.app_id, device_stats_hour(o.created_at), -1), (w.app_id, device_stats_hour(w.created_at), 1)) AS t(app_id, hour, delta)
  WHERE t.app_id IS NOT NULL AND t.hour >= cutoff AND (o.id IS NULL OR w.id IS NULL OR o.app_id <> w.app_id OR o.created_at IS DISTINCT FROM w.created_at)
  GROUP BY 1, 2 HAVING sum(t.delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (app_id, hour, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_id_buckets AS c (app_id, app_version, bucket, slot, n)
  SELECT t.app_id, t.version, t.bucket, my_slot, sum(t.delta)
  FROM old_rows o FULL JOIN new_rows w ON w.id = o.id
  CROSS JOIN LATERAL (VALUES (o.app_id, coalesce(o.app_version_code, ''), o.id >> 12, -1), (w.app_id, coalesce(w.app_version_code, ''), w.id >> 12, 1)) AS t(app_id, version, bucket, delta)
  WHERE t.app_id IS NOT NULL AND (o.id IS NULL OR w.id IS NULL OR o.app_id <> w.app_id OR o.app_version_code IS DISTINCT FROM w.app_version_code)
  GROUP BY 1, 2, 3 HAVING sum(t.delta) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (app_id, app_version, bucket, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_mark_counts AS c (app_id, mark, slot, n)
  SELECT t.app_id, device_id_mark(t.device), my_slot, sum(t.delta)
  FROM old_rows o FULL JOIN new_rows w ON w.id = o.id
  CROSS JOIN LATERAL (VALUES (o.app_id, o.unique_device_id, -1), (w.app_id, w.unique_device_id, 1)) AS t(app_id, device, delta)
  WHERE t.app_id IS NOT NULL AND (o.id IS NULL OR w.id IS NULL OR o.app_id <> w.app_id OR o.unique_device_id <> w.unique_device_id)
  GROUP BY 1, 2 HAVING sum(t.delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (app_id, mark, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION device_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamp := device_stats_cutoff();
BEGIN
  INSERT INTO device_version_counts AS c (app_id, app_version, slot, n)
  SELECT app_id, coalesce(app_version_code, ''), pg_backend_pid() % 8, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (app_id, app_version, slot) DO UPDATE SET n = c.n + excluded.n;
  WITH up AS (
    INSERT INTO device_hour_counts AS c (app_id, hour, slot, n)
    SELECT app_id, device_stats_hour(created_at), pg_backend_pid() % 8, count(*) FROM new_rows
    WHERE device_stats_hour(created_at) >= cutoff GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (app_id, hour, slot) DO UPDATE SET n = c.n + excluded.n
    RETURNING c.app_id, (c.xmax = 0) AS opened
  )
  DELETE FROM device_hour_counts d USING (SELECT DISTINCT app_id FROM up WHERE opened) o
  WHERE d.app_id = o.app_id AND d.hour < cutoff;
  INSERT INTO device_id_buckets AS c (app_id, app_version, bucket, slot, n)
  SELECT app_id, coalesce(app_version_code, ''), id >> 12, pg_backend_pid() % 8, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (app_id, app_version, bucket, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_mark_counts AS c (app_id, mark, slot, n)
  SELECT app_id, device_id_mark(unique_device_id), pg_backend_pid() % 8, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (app_id, mark, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An app's buckets go with it (the cascade), as its other counters do.
CREATE OR REPLACE FUNCTION device_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO device_version_counts AS c (app_id, app_version, slot, n)
  SELECT o.app_id, coalesce(o.app_version_code, ''), pg_backend_pid() % 8, -count(*) FROM old_rows o
  WHERE EXISTS (SELECT 1 FROM apps a WHERE a.id = o.app_id) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (app_id, app_version, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_hour_counts AS c (app_id, hour, slot, n)
  SELECT o.app_id, device_stats_hour(o.created_at), pg_backend_pid() % 8, -count(*) FROM old_rows o
  WHERE device_stats_hour(o.created_at) >= device_stats_cutoff() AND EXISTS (SELECT 1 FROM apps a WHERE a.id = o.app_id) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (app_id, hour, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_id_buckets AS c (app_id, app_version, bucket, slot, n)
  SELECT o.app_id, coalesce(o.app_version_code, ''), o.id >> 12, pg_backend_pid() % 8, -count(*) FROM old_rows o
  WHERE EXISTS (SELECT 1 FROM apps a WHERE a.id = o.app_id) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (app_id, app_version, bucket, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_mark_counts AS c (app_id, mark, slot, n)
  SELECT o.app_id, device_id_mark(o.unique_device_id), pg_backend_pid() % 8, -count(*) FROM old_rows o
  WHERE EXISTS (SELECT 1 FROM apps a WHERE a.id = o.app_id) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (app_id, mark, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement-level triggers with transition tables cannot name columns, so this one fires on every
-- update of devices; the rows whose counted fields are unchanged (a re-registration keeping its
-- version, a last-seen time) add nothing.
DROP TRIGGER device_counts_update ON devices;
--> statement-breakpoint
CREATE TRIGGER device_counts_update AFTER UPDATE ON devices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_counts_update();
--> statement-breakpoint
-- The buckets of the devices already stored.
INSERT INTO device_id_buckets (app_id, app_version, bucket, slot, n)
SELECT app_id, coalesce(app_version_code, ''), id >> 12, 0, count(*) FROM devices GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The marks of the devices already stored: '' and every 1,024th device id.
INSERT INTO device_id_marks (mark)
SELECT '' UNION SELECT unique_device_id FROM (SELECT unique_device_id, row_number() OVER (ORDER BY unique_device_id) AS rn FROM devices) AS s WHERE rn % 1024 = 0;
--> statement-breakpoint
INSERT INTO device_mark_counts (app_id, mark, slot, n)
SELECT d.app_id, m.mark, 0, count(*)
FROM devices d CROSS JOIN LATERAL (SELECT mark FROM device_id_marks WHERE mark <= d.unique_device_id ORDER BY mark DESC LIMIT 1) AS m
GROUP BY 1, 2;
