-- Issue 16: a deep page of the device list sorted by model was read from the nearer end of its
-- (app_id, model, id) index and skipped up to half the list (one app's random page: 90 ms p95 on
-- the seeded million, 184 ms after a burst of registrations). Exact counts per app, model and id
-- bucket (4,096 ids) place it within one bucket of one model's run, as 0013's place the version
-- order. They are kept by the same statement triggers, in the same transaction and slots, and in
-- the same lock order, these taken after the id buckets and before the marks, each by its key.
-- A device without a model counts under (no_model, ''), which sorts last ascending as the list
-- does. No device may change while the triggers are replaced and the buckets counted.
LOCK TABLE devices IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "device_model_buckets" (
	"app_id" integer NOT NULL,
	"no_model" boolean NOT NULL,
	"model" text NOT NULL,
	"bucket" bigint NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "device_model_buckets_app_id_no_model_model_bucket_slot_pk" PRIMARY KEY("app_id","no_model","model","bucket","slot")
);
--> statement-breakpoint
ALTER TABLE "device_model_buckets" ADD CONSTRAINT "device_model_buckets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;

--> statement-breakpoint
-- Updates, per statement: a row whose app, model and id are unchanged adds nothing (a
-- re-registration keeping its model; the bench's and the apps' usual case).
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
  INSERT INTO device_model_buckets AS c (app_id, no_model, model, bucket, slot, n)
  SELECT t.app_id, t.model IS NULL, coalesce(t.model, ''), t.bucket, my_slot, sum(t.delta)
  FROM old_rows o FULL JOIN new_rows w ON w.id = o.id
  CROSS JOIN LATERAL (VALUES (o.app_id, o.model, o.id >> 12, -1), (w.app_id, w.model, w.id >> 12, 1)) AS t(app_id, model, bucket, delta)
  WHERE t.app_id IS NOT NULL AND (o.id IS NULL OR w.id IS NULL OR o.app_id <> w.app_id OR o.model IS DISTINCT FROM w.model)
  GROUP BY 1, 2, 3, 4 HAVING sum(t.delta) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (app_id, no_model, model, bucket, slot) DO UPDATE SET n = c.n + excluded.n;
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
  INSERT INTO device_model_buckets AS c (app_id, no_model, model, bucket, slot, n)
  SELECT app_id, model IS NULL, coalesce(model, ''), id >> 12, pg_backend_pid() % 8, count(*) FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (app_id, no_model, model, bucket, slot) DO UPDATE SET n = c.n + excluded.n;
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
  INSERT INTO device_model_buckets AS c (app_id, no_model, model, bucket, slot, n)
  SELECT o.app_id, o.model IS NULL, coalesce(o.model, ''), o.id >> 12, pg_backend_pid() % 8, -count(*) FROM old_rows o
  WHERE EXISTS (SELECT 1 FROM apps a WHERE a.id = o.app_id) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (app_id, no_model, model, bucket, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_mark_counts AS c (app_id, mark, slot, n)
  SELECT o.app_id, device_id_mark(o.unique_device_id), pg_backend_pid() % 8, -count(*) FROM old_rows o
  WHERE EXISTS (SELECT 1 FROM apps a WHERE a.id = o.app_id) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (app_id, mark, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The buckets of the devices already stored.
INSERT INTO device_model_buckets (app_id, no_model, model, bucket, slot, n)
SELECT app_id, model IS NULL, coalesce(model, ''), id >> 12, 0, count(*) FROM devices GROUP BY 1, 2, 3, 4;
