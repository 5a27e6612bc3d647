-- The field health page (/servers/health) joins the Servers menu; every role that sees a server
-- list (all servers or its own) gets it, as it got the health read (0024).
INSERT INTO "permissions" ("route", "p_name", "en_name", "parent_id", "sort_order")
SELECT '/servers/health', 'سلامت سرورها', 'Server health', p."id", 4
FROM "permissions" p
WHERE p."route" = '/servers' AND NOT EXISTS (SELECT 1 FROM "permissions" WHERE "route" = '/servers/health');--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT DISTINCT rp."role_id", h."id"
FROM "role_permissions" rp
JOIN "permissions" s ON s."id" = rp."permission_id" AND s."route" IN ('/servers/manage', '/servers/my-servers')
CROSS JOIN "permissions" h
WHERE h."route" = '/servers/health'
ON CONFLICT DO NOTHING;
