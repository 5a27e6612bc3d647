-- The staff path of POST apps/addDevice (the panel's "register a device") is a granted operation like
-- every other staff call (docs/architecture.md §5); a call with the app key still needs no session.
-- Roles 2 and 5 could register devices for their own apps before: they keep the grant.
INSERT INTO "role_operations" ("role_id", "method", "route") VALUES
  (2, 'POST', 'apps/addDevice'),
  (5, 'POST', 'apps/addDevice')
ON CONFLICT DO NOTHING;
