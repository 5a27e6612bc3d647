-- Issue 30: the server-paged lists export whole through their own calls, GET apps/devices/export and
-- GET audit/export (the list's query without paging, answered as a streamed CSV). They are granted
-- operations like every staff call (docs/architecture.md §5): every role that may read a list may
-- export it, as it could (one page at a time) before; a role's grant can be taken away on its own.
INSERT INTO "role_operations" ("role_id", "method", "route")
SELECT "role_id", 'GET', 'apps/devices/export' FROM "role_operations" WHERE "method" = 'GET' AND "route" = 'apps/devices'
UNION ALL
SELECT "role_id", 'GET', 'audit/export' FROM "role_operations" WHERE "method" = 'GET' AND "route" = 'audit'
ON CONFLICT DO NOTHING;
