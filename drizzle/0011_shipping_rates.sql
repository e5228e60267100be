CREATE TABLE `shipping_rates` (
	`store_id` integer PRIMARY KEY NOT NULL,
	`domestic_first_cents` integer NOT NULL,
	`domestic_additional_cents` integer NOT NULL,
	`international_first_cents` integer NOT NULL,
	`international_additional_cents` integer NOT NULL,
	`free_above_cents` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "shipping_rates_not_negative" CHECK("shipping_rates"."domestic_first_cents" >= 0 AND "shipping_rates"."domestic_additional_cents" >= 0 AND "shipping_rates"."international_first_cents" >= 0 AND "shipping_rates"."international_additional_cents" >= 0 AND ("shipping_rates"."free_above_cents" IS NULL OR "shipping_rates"."free_above_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE `products` ADD `shipping_override` text;