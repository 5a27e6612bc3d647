-- Alerts (field health): a verdict that turns to or from `failing` is recorded once per app, profile
-- and operator per health window (flapping is damped), shown to the staff who see its server, and
-- posted to the app's webhook when one is set. Each user's notifications are read up to an alert id.
CREATE TABLE "field_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"profile_id" bigint NOT NULL,
	"server_id" integer NOT NULL,
	"operator" "operator" NOT NULL,
	"from_verdict" text,
	"to_verdict" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "field_alerts" ADD CONSTRAINT "field_alerts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_alerts" ADD CONSTRAINT "field_alerts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_alerts" ADD CONSTRAINT "field_alerts_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_alerts_pair_idx" ON "field_alerts" USING btree ("app_id","profile_id","operator","at");--> statement-breakpoint
CREATE INDEX "field_alerts_server_idx" ON "field_alerts" USING btree ("server_id","id");--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"read_up_to" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One row per alert and app webhook: the exact body signed and sent, and how its delivery went.
CREATE TABLE "alert_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" bigint NOT NULL,
	"app_id" integer NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_field_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."field_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_app_idx" ON "alert_deliveries" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- One instance delivers at a time (the mirrors' lease, its own row name).
CREATE TABLE "alert_delivery_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The app's webhook, set by role_id 1 with POST apps/updateSettings/{id}; the secret is stored as
-- sent (like newCoreKey) and answered to role_id 1 only.
ALTER TABLE "app_settings" ADD COLUMN "alert_webhook_url" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "alert_webhook_secret" text;--> statement-breakpoint
-- The bell is for the roles that see servers; the delivery log goes with the app's advanced settings (role_id 1).
INSERT INTO "role_operations" ("role_id", "method", "route")
SELECT "role_id", 'GET', 'apps/notifications' FROM "role_operations" WHERE "method" = 'GET' AND "route" = 'apps/servers'
UNION ALL
SELECT "role_id", 'POST', 'apps/notifications/read' FROM "role_operations" WHERE "method" = 'GET' AND "route" = 'apps/servers'
ON CONFLICT DO NOTHING;
