-- Search reads: the market's active providers from one narrow index (a search joins its matches
-- to them), and the full-text indexes without a pending list, which a search scans entry by
-- entry after a burst of writes.
DROP INDEX "items_search_idx";--> statement-breakpoint
DROP INDEX "providers_search_idx";--> statement-breakpoint
CREATE INDEX "providers_active_idx" ON "providers" USING btree ("country_code","id","rating_average","latitude","longitude","delivery_radius_km") WHERE "providers"."status" = 'active';--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "providers_search_idx" ON "providers" USING gin ("search_vector") WITH (fastupdate=false);