-- Keyword search over product name, description and store name (SQLite FTS5), kept in sync by triggers.
-- porter: "dresses" finds "dress"; unicode61 with diacritics removed: "atelier" finds "Atelier".
CREATE VIRTUAL TABLE `products_fts` USING fts5(name, description, store_name, tokenize = 'porter unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `products_fts` (rowid, name, description, store_name)
  SELECT p.id, p.name, p.description, s.name FROM products p JOIN stores s ON s.id = p.store_id;
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_fts (rowid, name, description, store_name)
    VALUES (new.id, new.name, new.description, (SELECT name FROM stores WHERE id = new.store_id));
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF name, description, store_id ON `products` BEGIN
  DELETE FROM products_fts WHERE rowid = old.id;
  INSERT INTO products_fts (rowid, name, description, store_name)
    VALUES (new.id, new.name, new.description, (SELECT name FROM stores WHERE id = new.store_id));
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM products_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_store_name` AFTER UPDATE OF name ON `stores` BEGIN
  UPDATE products_fts SET store_name = new.name WHERE rowid IN (SELECT id FROM products WHERE store_id = new.id);
END;
