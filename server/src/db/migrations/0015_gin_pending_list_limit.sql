-- Issue 16: the device list's text filter reads each trigram index's whole GIN pending list, and
-- at PostgreSQL's default 4 MB a burst of registrations left 250-415 pending pages per index (one
-- selective filter's statement 127 ms, 20 ms once merged). The server's sessions set
-- gin_pending_list_limit to 256 kB; as the indexes' own storage parameter the limit holds for
-- every writer (a second server, a psql session, an import), and it outranks the session setting.
-- Only the option changes: no index is rebuilt, and each index is locked just for its catalog
-- update. A list already longer is merged by the next registration that adds to it.
ALTER INDEX "devices_unique_device_id_trgm" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "devices_model_trgm" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "devices_fcm_token_start_trgm" SET (gin_pending_list_limit = 256);
