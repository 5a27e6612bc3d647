-- Issue 16: the device list's text filter matches the FCM token within its first 32 characters, so the
-- trigram index covers only those (schema/devices.ts): the whole-token index cost most of each registration.
DROP INDEX "devices_fcm_token_trgm";--> statement-breakpoint
CREATE INDEX "devices_fcm_token_start_trgm" ON "devices" USING gin (left("fcm_token", 32) gin_trgm_ops);