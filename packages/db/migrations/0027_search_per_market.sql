DROP INDEX "items_search_idx";--> statement-breakpoint
CREATE INDEX "items_search_za_idx" ON "items" USING gin ("search_vector") WITH (fastupdate=false) WHERE country_code = 'ZA';--> statement-breakpoint
CREATE INDEX "items_search_ke_idx" ON "items" USING gin ("search_vector") WITH (fastupdate=false) WHERE country_code = 'KE';--> statement-breakpoint
CREATE INDEX "items_search_rw_idx" ON "items" USING gin ("search_vector") WITH (fastupdate=false) WHERE country_code = 'RW';--> statement-breakpoint
CREATE INDEX "items_search_bw_idx" ON "items" USING gin ("search_vector") WITH (fastupdate=false) WHERE country_code = 'BW';--> statement-breakpoint
CREATE INDEX "items_search_zw_idx" ON "items" USING gin ("search_vector") WITH (fastupdate=false) WHERE country_code = 'ZW';--> statement-breakpoint
CREATE INDEX "items_search_mz_idx" ON "items" USING gin ("search_vector") WITH (fastupdate=false) WHERE country_code = 'MZ';