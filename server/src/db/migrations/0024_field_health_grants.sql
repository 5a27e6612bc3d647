-- The health reads are granted operations like every staff call (docs/architecture.md §5): a role
-- that may see the server list may see the health matrix, and one that may see a server's
-- profiles may see their health, and one that may edit a profile may put a hidden one back.
INSERT INTO "role_operations" ("role_id", "method", "route")
SELECT "role_id", 'GET', 'apps/health' FROM "role_operations" WHERE "method" = 'GET' AND "route" = 'apps/servers'
UNION ALL
SELECT "role_id", 'GET', 'apps/profileHealth/{serverId}' FROM "role_operations" WHERE "method" = 'GET' AND "route" = 'apps/profiles/{serverId}'
UNION ALL
SELECT "role_id", 'POST', 'apps/profileHealth/show' FROM "role_operations" WHERE "method" = 'PUT' AND "route" = 'apps/updateProfile/{id}'
ON CONFLICT DO NOTHING;
