-- Added by hand (drizzle-kit does not manage extensions): the trigram GIN indexes on devices need it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."detect_location_by" AS ENUM('Timezone', 'IP');--> statement-breakpoint
CREATE TYPE "public"."operator" AS ENUM('irancell', 'mci', 'wifi', 'others');--> statement-breakpoint
CREATE TYPE "public"."profile_type" AS ENUM('normal', 'smart');--> statement-breakpoint
CREATE TYPE "public"."protocol" AS ENUM('vmess', 'vless');--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"p_name" text NOT NULL,
	"en_name" text NOT NULL,
	"parent_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"client_modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"e_name" text,
	"e_family" text,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"address" text,
	"website" text,
	"about" text,
	"sex" smallint DEFAULT 1 NOT NULL,
	"birthdate" date,
	"active" boolean DEFAULT true NOT NULL,
	"role_id" integer NOT NULL,
	"avatar_file_id" uuid,
	"password_hash" text NOT NULL,
	"need_to_change_pass" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_settings" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"id_app" text,
	"ad_mob" boolean DEFAULT false NOT NULL,
	"gdpr_active" boolean DEFAULT false NOT NULL,
	"smart_active" boolean DEFAULT false NOT NULL,
	"int_con_id" text,
	"int_con_active" boolean DEFAULT false NOT NULL,
	"int_con_interval" integer DEFAULT 0 NOT NULL,
	"int_dis_id" text,
	"int_dis_active" boolean DEFAULT false NOT NULL,
	"int_dis_interval" integer DEFAULT 0 NOT NULL,
	"rew_int_con_id" text,
	"rew_int_con_active" boolean DEFAULT false NOT NULL,
	"rew_int_con_interval" integer DEFAULT 0 NOT NULL,
	"rew_int_dis_id" text,
	"rew_int_dis_active" boolean DEFAULT false NOT NULL,
	"rew_int_dis_interval" integer DEFAULT 0 NOT NULL,
	"rew_id" text,
	"rew_active" boolean DEFAULT false NOT NULL,
	"rew_interval" integer DEFAULT 0 NOT NULL,
	"rew2_id" text,
	"rew2_active" boolean DEFAULT false NOT NULL,
	"rew2_interval" integer DEFAULT 0 NOT NULL,
	"rew_int_serverlist_id" text,
	"rew_int_serverlist_active" boolean DEFAULT false NOT NULL,
	"rew_int_serverlist_interval" integer DEFAULT 0 NOT NULL,
	"app_open_id" text,
	"app_open_active" boolean DEFAULT false NOT NULL,
	"app_open_interval" integer DEFAULT 0 NOT NULL,
	"smart_int_con_id" text,
	"smart_int_con_active" boolean DEFAULT false NOT NULL,
	"smart_int_con_interval" integer DEFAULT 0 NOT NULL,
	"smart_int_dis_id" text,
	"smart_int_dis_active" boolean DEFAULT false NOT NULL,
	"smart_int_dis_interval" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"about_link" text,
	"policy_link" text,
	"google_play_link" text,
	"instagram" text,
	"telegram" text,
	"youtube" text,
	"update_text" text,
	"english_update_text" text,
	"email" text,
	"app_version" numeric(10, 2) DEFAULT 0 NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"block_version" text,
	"active_block_version" boolean DEFAULT false NOT NULL,
	"ads_force_by_vpn" boolean DEFAULT false NOT NULL,
	"ads_force_by_vpn_in_foreign" boolean DEFAULT false NOT NULL,
	"ads_force_by_vpn_in_iran" boolean DEFAULT false NOT NULL,
	"auto_connect" boolean DEFAULT false NOT NULL,
	"configs_active" boolean DEFAULT true NOT NULL,
	"connect_delay" integer DEFAULT 0 NOT NULL,
	"disconnect_delay" integer DEFAULT 0 NOT NULL,
	"user_connection_limit" integer DEFAULT 0 NOT NULL,
	"detect_location_by" "detect_location_by" DEFAULT 'Timezone' NOT NULL,
	"active_encrypt_setting" boolean DEFAULT false NOT NULL,
	"smart_active" boolean DEFAULT false NOT NULL,
	"auto_connect_ping" text,
	"connection_ping" text,
	"dns_server" text,
	"click_to_continue" boolean DEFAULT false NOT NULL,
	"foreign_smart" boolean DEFAULT false NOT NULL,
	"delay_smart" integer DEFAULT 0 NOT NULL,
	"load_smart_together" boolean DEFAULT false NOT NULL,
	"restart_time_limit" integer DEFAULT 0 NOT NULL,
	"restart_time_limit_enabled" boolean DEFAULT false NOT NULL,
	"selected_countries" text DEFAULT '' NOT NULL,
	"blocked_countries" text DEFAULT '' NOT NULL,
	"new_core_key" text,
	"new_core_iv" text,
	"static_config_delay" integer DEFAULT 0 NOT NULL,
	"cpp_key" text,
	"cpp_iv" text,
	"robot_ip" text,
	"github" text,
	"gitlab" text,
	"gitea" text,
	"codeberg" text,
	"bitbucket" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_version" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_versions_app_version_uq" UNIQUE("app_id","app_version")
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"package_name" text NOT NULL,
	"admin_id" integer NOT NULL,
	"sign" text NOT NULL,
	"cpp_sign" text,
	"description" text,
	"firebase_config" text,
	"email" text,
	"active" boolean DEFAULT true NOT NULL,
	"api_key" text NOT NULL,
	"robot_api_key_hash" text,
	"repo_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_package_name_unique" UNIQUE("package_name"),
	CONSTRAINT "apps_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"timezones" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"server_id" integer NOT NULL,
	"name" text NOT NULL,
	"address_enc" text NOT NULL,
	"operator" "operator" NOT NULL,
	"protocol" "protocol" NOT NULL,
	"type" "profile_type" DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_apps" (
	"server_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	CONSTRAINT "server_apps_server_id_app_id_pk" PRIMARY KEY("server_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"country_id" integer NOT NULL,
	"username" text,
	"password_enc" text,
	"provider" text,
	"port" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" bigserial NOT NULL,
	"app_id" integer NOT NULL,
	"unique_device_id" text NOT NULL,
	"model" text,
	"fcm_token" text,
	"app_version_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_app_id_id_pk" PRIMARY KEY("app_id","id"),
	CONSTRAINT "devices_app_device_uq" UNIQUE("app_id","unique_device_id")
);
--> statement-breakpoint
CREATE TABLE "operator_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_policy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_policy_single_row" CHECK ("privacy_policy"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target" text,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "permissions" ADD CONSTRAINT "permissions_parent_id_permissions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_file_id_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_settings" ADD CONSTRAINT "ad_settings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_apps" ADD CONSTRAINT "server_apps_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_apps" ADD CONSTRAINT "server_apps_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permissions_parent_idx" ON "permissions" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_active_idx" ON "users" USING btree ("active");--> statement-breakpoint
CREATE INDEX "apps_admin_idx" ON "apps" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "apps_active_idx" ON "apps" USING btree ("active");--> statement-breakpoint
CREATE INDEX "apps_name_idx" ON "apps" USING btree ("name");--> statement-breakpoint
CREATE INDEX "profiles_server_idx" ON "profiles" USING btree ("server_id","id");--> statement-breakpoint
CREATE INDEX "server_apps_app_idx" ON "server_apps" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "servers_country_idx" ON "servers" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "servers_ip_idx" ON "servers" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "devices_id_idx" ON "devices" USING btree ("id");--> statement-breakpoint
CREATE INDEX "devices_unique_device_id_trgm" ON "devices" USING gin ("unique_device_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_model_trgm" ON "devices" USING gin ("model" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_fcm_token_trgm" ON "devices" USING gin ("fcm_token" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");