-- Issue 30 (Persian-first): a role has a Persian name and description next to its English ones, as
-- a menu item has pName next to enName. `name` stays the English name and the unique key (the
-- seeded roles' keys admin, appAdmin and restricted are what the fixed rules name). A role made
-- before this keeps a null Persian name until the top admin gives it one; the panel shows `name`.
ALTER TABLE "roles" ADD COLUMN "p_name" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "p_description" text;--> statement-breakpoint
-- The seeded roles' Persian names, and Persian descriptions beside the seeded English ones
UPDATE "roles" SET "p_name" = v."p_name"
FROM (VALUES
  (1, 'مدیر کل'),
  (2, 'مدیر اپلیکیشن'),
  (5, 'کاربر محدود')
) AS v("id", "p_name")
WHERE "roles"."id" = v."id" AND "roles"."p_name" IS NULL;--> statement-breakpoint
-- the English descriptions as staff read them (the first named a database column), where the top
-- admin has not rewritten them
UPDATE "roles" SET "description" = v."description", "p_description" = v."p_description"
FROM (VALUES
  (1, 'Top admin: everything, including the role_id 1-only fields',
      'Everything, including the settings only the top admin may change', 'دسترسی کامل به همهٔ بخش‌ها، از جمله تنظیماتی که فقط مدیر کل می‌تواند تغییر دهد'),
  (2, 'Application admin: their own apps, servers and devices',
      'Manages their own apps, servers and devices', 'اپلیکیشن‌ها، سرورها و دستگاه‌های خودش را مدیریت می‌کند'),
  (5, 'Restricted: their own items, no profile type or smart ads',
      'Their own items only; cannot choose the profile type or see the smart-mode ad settings', 'فقط به موارد خودش دسترسی دارد؛ نوع پروفایل را انتخاب نمی‌کند و بخش حالت هوشمند تبلیغات را نمی‌بیند')
) AS v("id", "seeded", "description", "p_description")
WHERE "roles"."id" = v."id" AND "roles"."description" = v."seeded";
