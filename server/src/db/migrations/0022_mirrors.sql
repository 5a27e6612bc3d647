CREATE TABLE "app_mirrors" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"kind" text DEFAULT 'git' NOT NULL,
	"url" text NOT NULL,
	"branch" text NOT NULL,
	"path" text NOT NULL,
	"token_sealed" text NOT NULL,
	"published_version" bigint,
	"published_at" timestamp with time zone,
	"published_commit" text,
	"attempted_at" timestamp with time zone,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_mirrors" ADD CONSTRAINT "app_mirrors_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_mirrors_app_idx" ON "app_mirrors" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX "app_mirrors_due_idx" ON "app_mirrors" USING btree ("next_attempt_at");--> statement-breakpoint
-- One instance publishes to the mirrors at a time: it holds this lease, renewed while it works; another
-- instance takes it over once it has expired. A row, not an advisory lock, so it works on PGlite too.
CREATE TABLE "mirror_publish_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
