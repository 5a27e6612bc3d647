-- Subscriptions: revocable links standard clients import without a staff token (GET /api/v1/sub/{token}).
-- One server's profiles or one app's; only the token's SHA-256 is stored. Making, listing and revoking
-- them is role_id 1's alone (role_id 1 holds every operation), so no role is granted anything here.
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"server_id" integer,
	"app_id" integer,
	"operator" "operator",
	"format" text,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"fetch_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subscriptions_one_scope" CHECK (("subscriptions"."server_id" IS NULL) <> ("subscriptions"."app_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_token_hash_uq" ON "subscriptions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "subscriptions_server_idx" ON "subscriptions" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "subscriptions_app_idx" ON "subscriptions" USING btree ("app_id");
