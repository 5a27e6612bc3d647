CREATE INDEX "devices_model_idx" ON "devices" USING btree ("model","id");--> statement-breakpoint
CREATE INDEX "devices_app_model_idx" ON "devices" USING btree ("app_id","model","id");--> statement-breakpoint
CREATE INDEX "devices_unique_device_id_idx" ON "devices" USING btree ("unique_device_id","id");--> statement-breakpoint
CREATE INDEX "devices_app_unique_device_id_idx" ON "devices" USING btree ("app_id","unique_device_id","id");--> statement-breakpoint
CREATE INDEX "devices_version_idx" ON "devices" USING btree (("app_version_code"::numeric),"id","app_version_code");--> statement-breakpoint
CREATE INDEX "devices_app_version_idx" ON "devices" USING btree ("app_id",("app_version_code"::numeric),"id","app_version_code");