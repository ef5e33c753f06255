CREATE TABLE "featured_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_code" text NOT NULL,
	"service" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "featured_entries" ADD CONSTRAINT "featured_entries_country_code_marketplaces_country_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."marketplaces"("country_code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "featured_entries_target_key" ON "featured_entries" USING btree ("country_code","service","kind","target_id");--> statement-breakpoint
CREATE INDEX "featured_entries_list_idx" ON "featured_entries" USING btree ("country_code","service","kind","position");