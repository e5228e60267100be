-- The catalogue search (decision 158), PostgreSQL's counterpart of SQLite's FTS5 table products_fts
-- (drizzle/0001_products_fts.sql): products.search is a tsvector of the product's name, description and its store's
-- name, kept by triggers (a generated column cannot read the store's name), searched through the GIN index
-- products_search_idx. FTS5 there: 'porter unicode61 remove_diacritics 2', no stop words. Here the text search
-- configuration catalogue_search: English stemming (Snowball) without a stop-word list, accents removed (unaccent),
-- lower case; so "dresses" finds "dress" and "atelier" finds "Atélier" on both engines.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TEXT SEARCH DICTIONARY catalogue_stem (TEMPLATE = snowball, Language = english);
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION catalogue_search (COPY = english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION catalogue_search
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, catalogue_stem;
--> statement-breakpoint
CREATE FUNCTION products_search_document(name text, description text, store_name text) RETURNS tsvector
  LANGUAGE sql STABLE
  AS $$ SELECT to_tsvector('catalogue_search', coalesce(name, '')) || to_tsvector('catalogue_search', coalesce(description, ''))
    || to_tsvector('catalogue_search', coalesce(store_name, '')) $$;
--> statement-breakpoint
CREATE FUNCTION products_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := products_search_document(NEW.name, NEW.description, (SELECT s.name FROM stores s WHERE s.id = NEW.store_id));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_row BEFORE INSERT OR UPDATE OF name, description, store_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_row();
--> statement-breakpoint
CREATE FUNCTION products_search_store_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search = products_search_document(name, description, NEW.name) WHERE store_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_store_name AFTER UPDATE OF name ON stores
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION products_search_store_name();
--> statement-breakpoint
-- The one settings row always exists (drizzle/0003_platform_settings_row.sql); its values are the column defaults.
INSERT INTO platform_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
