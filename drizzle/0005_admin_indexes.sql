CREATE INDEX `orders_financial_idx` ON `orders` (`created_at`,`amount_cents`,`fee_cents`,`status`);--> statement-breakpoint
CREATE INDEX `orders_amount_idx` ON `orders` (`amount_cents`);--> statement-breakpoint
CREATE INDEX `orders_fee_idx` ON `orders` (`fee_cents`);--> statement-breakpoint
CREATE INDEX `orders_product_name_idx` ON `orders` (`product_name`);