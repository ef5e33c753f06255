-- Suggest matches names only (decision 43): a names-only vector beside the whole document, kept
-- by the same trigger, with one index per market like the document's (decision 24).
ALTER TABLE "items" ADD COLUMN "name_vector" "tsvector";--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_search_document() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.name_vector := setweight(to_tsvector('simple', malewa_fold(malewa_texts(NEW.name))), 'A');
  NEW.search_vector :=
    NEW.name_vector ||
    setweight(to_tsvector('simple', malewa_fold(
      array_to_string(NEW.tags, ' ') || ' ' || NEW.category || ' ' || array_to_string(NEW.dietary, ' '))), 'B') ||
    setweight(to_tsvector('simple', malewa_fold(malewa_texts(NEW.description))), 'C');
  PERFORM malewa_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;--> statement-breakpoint
-- Items seeded before this migration get their name vectors now; the indexes come after, built once.
UPDATE items SET name = name;--> statement-breakpoint
CREATE INDEX "items_name_za_idx" ON "items" USING gin ("name_vector") WITH (fastupdate=false) WHERE country_code = 'ZA';--> statement-breakpoint
CREATE INDEX "items_name_ke_idx" ON "items" USING gin ("name_vector") WITH (fastupdate=false) WHERE country_code = 'KE';--> statement-breakpoint
CREATE INDEX "items_name_rw_idx" ON "items" USING gin ("name_vector") WITH (fastupdate=false) WHERE country_code = 'RW';--> statement-breakpoint
CREATE INDEX "items_name_bw_idx" ON "items" USING gin ("name_vector") WITH (fastupdate=false) WHERE country_code = 'BW';--> statement-breakpoint
CREATE INDEX "items_name_zw_idx" ON "items" USING gin ("name_vector") WITH (fastupdate=false) WHERE country_code = 'ZW';--> statement-breakpoint
CREATE INDEX "items_name_mz_idx" ON "items" USING gin ("name_vector") WITH (fastupdate=false) WHERE country_code = 'MZ';
