-- Search (issue 11): folded full-text documents, the catalog's words for typo tolerance.
-- pg_trgm, unaccent and fuzzystrmatch ship with PostgreSQL's contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could change), so index expressions and generated
-- values cannot use it; this wrapper names the dictionary and is IMMUTABLE.
CREATE OR REPLACE FUNCTION malewa_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION malewa_texts(value jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(t.value, ' '), '') FROM jsonb_each_text(coalesce(value, '{}'::jsonb)) AS t $$;--> statement-breakpoint
CREATE TABLE "catalog_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "catalog_words_prefix_idx" ON "catalog_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "providers_search_idx" ON "providers" USING gin ("search_vector");--> statement-breakpoint
CREATE OR REPLACE FUNCTION malewa_remember_words(document tsvector) RETURNS void
  LANGUAGE sql
  AS $$ INSERT INTO catalog_words (word)
        SELECT DISTINCT lexeme FROM unnest(document) WHERE length(lexeme) BETWEEN 2 AND 40
        ON CONFLICT (word) DO NOTHING $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION items_search_document() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple', malewa_fold(malewa_texts(NEW.name))), 'A') ||
    setweight(to_tsvector('simple', malewa_fold(
      array_to_string(NEW.tags, ' ') || ' ' || NEW.category || ' ' || array_to_string(NEW.dietary, ' '))), 'B') ||
    setweight(to_tsvector('simple', malewa_fold(malewa_texts(NEW.description))), 'C');
  PERFORM malewa_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER items_search_document BEFORE INSERT OR UPDATE OF name, description, tags, category, dietary ON items
  FOR EACH ROW EXECUTE FUNCTION items_search_document();--> statement-breakpoint
CREATE OR REPLACE FUNCTION providers_search_document() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple', malewa_fold(NEW.name)), 'A') ||
    setweight(to_tsvector('simple', malewa_fold(array_to_string(NEW.cuisines, ' ') || ' ' || NEW.area)), 'B') ||
    setweight(to_tsvector('simple', malewa_fold(malewa_texts(NEW.description))), 'C');
  PERFORM malewa_remember_words(NEW.search_vector);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER providers_search_document BEFORE INSERT OR UPDATE OF name, description, cuisines, area ON providers
  FOR EACH ROW EXECUTE FUNCTION providers_search_document();--> statement-breakpoint
-- Catalogs seeded before this migration get their documents now.
UPDATE providers SET name = name;--> statement-breakpoint
UPDATE items SET name = name;
