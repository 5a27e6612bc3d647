-- The settings columns take the types their fields have in the contract's field table: the two pings
-- are integers (milliseconds) and the blocked version is a version like app_version (two decimals).
-- Text that was never a number (only possible before the contract checked it) becomes null.
ALTER TABLE "app_settings" ALTER COLUMN "auto_connect_ping" SET DATA TYPE integer USING (CASE WHEN "auto_connect_ping" ~ '^\s*[0-9]{1,9}\s*$' THEN trim("auto_connect_ping")::integer END);--> statement-breakpoint
ALTER TABLE "app_settings" ALTER COLUMN "connection_ping" SET DATA TYPE integer USING (CASE WHEN "connection_ping" ~ '^\s*[0-9]{1,9}\s*$' THEN trim("connection_ping")::integer END);--> statement-breakpoint
ALTER TABLE "app_settings" ALTER COLUMN "block_version" SET DATA TYPE numeric(10, 2) USING (CASE WHEN "block_version" ~ '^\s*[0-9]{1,8}(\.[0-9]{1,2})?\s*$' THEN trim("block_version")::numeric(10, 2) END);
