CREATE TABLE "role_operations" (
	"role_id" integer NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	CONSTRAINT "role_operations_role_id_method_route_pk" PRIMARY KEY("role_id","method","route")
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "scope" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "role_operations" ADD CONSTRAINT "role_operations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_scope_check" CHECK ("roles"."scope" in ('own', 'all'));--> statement-breakpoint
-- Roles, menu and grants are seeded here once (before, server/src/db/seed.ts rewrote them on every
-- start); from now on the top admin owns them (docs/product.md §6, docs/product.md §6).
INSERT INTO "roles" ("id", "name", "description", "scope") VALUES
  (1, 'admin', 'Top admin: everything, including the role_id 1-only fields', 'all'),
  (2, 'appAdmin', 'Application admin: their own apps, servers and devices', 'own'),
  (5, 'restricted', 'Restricted: their own items, no profile type or smart ads', 'own')
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
UPDATE "roles" SET "scope" = 'all' WHERE "id" = 1;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('roles', 'id'), (SELECT max("id") FROM "roles"));--> statement-breakpoint
-- The sidebar menu of docs/product.md §2 (with the audit log page), plus the two access pages under
-- Users and the devices page under Applications (grantable now; roles 2 and 5 keep opening it
-- through the Applications section).
INSERT INTO "permissions" ("id", "route", "p_name", "en_name", "parent_id", "sort_order") VALUES
  (1, '/', 'داشبورد', 'Dashboard', NULL, 0),
  (2, '/servers', 'سرورها', 'Servers', NULL, 1),
  (3, '/servers/manage', 'مدیریت سرورها', 'Manage servers', 2, 2),
  (4, '/servers/my-servers', 'سرورهای من', 'My servers', 2, 3),
  (5, '/servers/settings', 'تنظیمات سرورها', 'Server settings', 2, 4),
  (6, '/app', 'اپلیکیشن‌ها', 'Applications', NULL, 5),
  (7, '/app/manage', 'مدیریت اپلیکیشن‌ها', 'Manage applications', 6, 6),
  (8, '/app/my-apps', 'اپلیکیشن‌های من', 'My applications', 6, 7),
  (9, '/users', 'کاربران', 'Users', NULL, 8),
  (10, '/users/list', 'لیست کاربران', 'Users list', 9, 9),
  (11, '/users/add-new', 'افزودن کاربر جدید', 'Add new user', 9, 10),
  (12, '/settings', 'تنظیمات', 'Settings', NULL, 11),
  (13, '/settings/privacy', 'حریم خصوصی', 'Privacy', 12, 12),
  (14, '/settings/domain-encryption', 'رمزنگاری دامنه', 'Domain encryption', 12, 13),
  (19, '/settings/audit', 'گزارش تغییرات', 'Audit log', 12, 14),
  (15, '/help', 'راهنما', 'Help', NULL, 15),
  (16, '/help/panel-training', 'آموزش پنل', 'Panel training', 15, 16),
  (17, '/help/app-admin-panel-training', 'آموزش پنل ادمین اپلیکیشن', 'App admin panel training', 15, 17),
  (18, '/help/api', 'راهنمای API', 'API help', 15, 18),
  (20, '/users/roles', 'نقش‌ها', 'Roles', 9, 19),
  (21, '/users/menus', 'منوها', 'Menus', 9, 20),
  (22, '/app/devices', 'دستگاه‌ها', 'Devices', 6, 21)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('permissions', 'id'), (SELECT max("id") FROM "permissions"));--> statement-breakpoint
-- Menu grants of roles 2 and 5 as they were; role_id 1 holds every item without rows.
INSERT INTO "role_permissions" ("role_id", "permission_id") VALUES
  (2, 1), (2, 2), (2, 4), (2, 6), (2, 8), (2, 15), (2, 16), (2, 17), (2, 18),
  (5, 1), (5, 2), (5, 4), (5, 6), (5, 8), (5, 15), (5, 16), (5, 17), (5, 18)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Operation grants reproducing what roles 2 and 5 could call before grants existed: every route
-- whose rule was "any signed-in user" but the account calls, which need no grant. The fixed rules
-- (ownership, role_id 1-only fields, role_id 5 limits) still apply on top.
INSERT INTO "role_operations" ("role_id", "method", "route")
SELECT r.id, o.method, o.route
FROM (VALUES (2), (5)) AS r(id)
CROSS JOIN (VALUES
    ('GET', 'dashboard/stats'),
    ('GET', 'apps'),
    ('GET', 'apps/getApp/{id}'),
    ('PUT', 'apps/changeStatus/{id}/{state}'),
    ('POST', 'apps/updateSettings/{id}'),
    ('GET', 'apps/adsSettings/{id}'),
    ('POST', 'apps/showAds/{id}'),
    ('POST', 'apps/updateSettingsAdmob/{id}'),
    ('POST', 'apps/versionBlock'),
    ('GET', 'apps/versionBlock/{id}'),
    ('DELETE', 'apps/version/{id}'),
    ('DELETE', 'apps/versionBlock/{id}'),
    ('GET', 'apps/countries'),
    ('GET', 'apps/servers'),
    ('POST', 'apps/addServer'),
    ('PUT', 'apps/updateServer/{id}'),
    ('DELETE', 'apps/destroyServer/{id}'),
    ('POST', 'apps/destroyMultipleServers'),
    ('GET', 'apps/profiles/{serverId}'),
    ('POST', 'apps/addProfile'),
    ('PUT', 'apps/updateProfile/{id}'),
    ('DELETE', 'apps/destroyProfile/{id}'),
    ('POST', 'apps/destroyMultipleProfiles'),
    ('POST', 'apps/group/addProfiles'),
    ('GET', 'apps/settings/operators'),
    ('GET', 'apps/devices'),
    ('PUT', 'apps/updateDevice/{id}'),
    ('DELETE', 'apps/destroyDevice/{id}'),
    ('GET', 'apps/clientConfigPreview/{id}'),
    ('GET', 'apps/privacy'),
    ('POST', 'apps/wordEncryption'),
    ('GET', 'users/appAdmins')
) AS o(method, route)
ON CONFLICT DO NOTHING;
