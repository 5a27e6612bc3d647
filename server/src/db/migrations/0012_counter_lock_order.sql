-- Issue 16: the dashboard's counters (0006) are locked in one order by every trigger: versions
-- before hours, each by its key. A registration that changed a device's version took the old
-- version's row, the hour's row, then the new version's, while a new device of that version took
-- the new version's row, then the hour's: two registrations in the same slot could each hold what
-- the other waited for, and PostgreSQL ended one with "deadlock detected" (a 500; 10 in 26,000
-- registrations of bench:devices). Each trigger statement still touches a counter row once.
CREATE OR REPLACE FUNCTION device_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  my_slot smallint := pg_backend_pid() % 8;
BEGIN
  INSERT INTO device_version_counts AS c (app_id, app_version, slot, n)
  SELECT t.app_id, t.version, my_slot, sum(t.delta)
  FROM (VALUES (OLD.app_id, coalesce(OLD.app_version_code, ''), -1), (NEW.app_id, coalesce(NEW.app_version_code, ''), 1)) AS t(app_id, version, delta)
  GROUP BY 1, 2 HAVING sum(t.delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (app_id, app_version, slot) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO device_hour_counts AS c (app_id, hour, slot, n)
  SELECT t.app_id, t.hour, my_slot, sum(t.delta)
  FROM (VALUES (OLD.app_id, device_stats_hour(OLD.created_at), -1), (NEW.app_id, device_stats_hour(NEW.created_at), 1)) AS t(app_id, hour, delta)
  WHERE t.hour >= device_stats_cutoff()
  GROUP BY 1, 2 HAVING sum(t.delta) <> 0 ORDER BY 1, 2
  ON CONFLICT (app_id, hour, slot) DO UPDATE SET n = c.n + excluded.n;
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
  RETURN NULL;
END $$;
--> statement-breakpoint
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
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Its only caller was the old update trigger.
DROP FUNCTION device_counts_add(integer, timestamptz, text, integer);
