-- Field health: the phones' connection reports folded into per (profile, operator, hour) counters,
-- one vote per device and hour, each device's agreement with the verdicts, and the current verdict
-- per app, profile and operator (docs/architecture.md "Field health").
CREATE TABLE "field_health_hours" (
	"profile_id" bigint NOT NULL,
	"operator" "operator" NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	"successes" integer NOT NULL,
	"devices" integer NOT NULL,
	"votes" real NOT NULL,
	"ok_votes" real NOT NULL,
	"latency" integer[] NOT NULL,
	CONSTRAINT "field_health_hours_profile_id_operator_hour_pk" PRIMARY KEY("profile_id","operator","hour")
);
--> statement-breakpoint
CREATE TABLE "field_health_votes" (
	"profile_id" bigint NOT NULL,
	"operator" "operator" NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"device_id" bigint NOT NULL,
	"ok" boolean NOT NULL,
	CONSTRAINT "field_health_votes_profile_id_operator_hour_device_id_pk" PRIMARY KEY("profile_id","operator","hour","device_id")
);
--> statement-breakpoint
CREATE TABLE "field_health_devices" (
	"device_id" bigint PRIMARY KEY NOT NULL,
	"agree" integer DEFAULT 0 NOT NULL,
	"disagree" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_health_verdicts" (
	"app_id" integer NOT NULL,
	"profile_id" bigint NOT NULL,
	"operator" "operator" NOT NULL,
	"verdict" text NOT NULL,
	"rate" real,
	"devices" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"kept_at" timestamp with time zone,
	CONSTRAINT "field_health_verdicts_app_id_profile_id_operator_pk" PRIMARY KEY("app_id","profile_id","operator")
);
--> statement-breakpoint
ALTER TABLE "field_health_hours" ADD CONSTRAINT "field_health_hours_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_health_verdicts" ADD CONSTRAINT "field_health_verdicts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_health_verdicts" ADD CONSTRAINT "field_health_verdicts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_health_hours_hour_idx" ON "field_health_hours" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "field_health_votes_hour_idx" ON "field_health_votes" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "field_health_verdicts_profile_idx" ON "field_health_verdicts" USING btree ("profile_id","operator");--> statement-breakpoint
-- Element-wise sum of two latency histograms (a fold adds its reports' buckets to the hour's).
CREATE FUNCTION field_health_add(a integer[], b integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i), '{}') FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i)
$$;
--> statement-breakpoint
-- Hiding a profile from an operator's answer (or bringing it back) changes the config: the app's
-- version moves in the same transaction, so every instance's ETag follows.
CREATE FUNCTION field_health_bump_hidden() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_app_config(ARRAY[NEW.app_id], 'field_health_verdicts:' || CASE WHEN NEW.hidden THEN 'hide' ELSE 'show' END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER field_health_bump_update AFTER UPDATE ON field_health_verdicts FOR EACH ROW
  WHEN (OLD.hidden IS DISTINCT FROM NEW.hidden) EXECUTE FUNCTION field_health_bump_hidden();
--> statement-breakpoint
CREATE TRIGGER field_health_bump_insert AFTER INSERT ON field_health_verdicts FOR EACH ROW
  WHEN (NEW.hidden) EXECUTE FUNCTION field_health_bump_hidden();
