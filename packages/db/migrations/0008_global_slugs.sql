-- A provider's slug names it across markets, an item's within its service: an entry's address
-- (/food/kitchens/{slug}) opens the same entry whichever market the visitor browses.
DROP INDEX "items_country_service_slug_key";--> statement-breakpoint
DROP INDEX "providers_country_slug_key";--> statement-breakpoint
CREATE UNIQUE INDEX "items_service_slug_key" ON "items" USING btree ("service","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_slug_key" ON "providers" USING btree ("slug");