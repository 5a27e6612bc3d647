-- Field health (the phones' connection reports): per app, whether a profile failing for an operator
-- leaves that operator's config answer, and the numbers behind a verdict. Saved with
-- POST apps/updateSettings/{id} by role_id 1 like the other advanced fields.
ALTER TABLE "app_settings" ADD COLUMN "hide_failing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "health_window_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "health_min_devices" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "health_working_percent" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "health_failing_percent" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "health_probation_minutes" integer DEFAULT 30 NOT NULL;
