CREATE INDEX `products_newest_idx` ON `products` (`removed_at`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`removed_at`,`price_cents`);--> statement-breakpoint
CREATE INDEX `products_category_price_idx` ON `products` (`removed_at`,`category1`,`price_cents`);--> statement-breakpoint
CREATE INDEX `products_category_sold_idx` ON `products` (`removed_at`,`category1`,`sold`);