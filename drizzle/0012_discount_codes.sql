CREATE TABLE `discount_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`store_id` integer NOT NULL,
	`code` text NOT NULL,
	`percent_off_bp` integer,
	`amount_off_cents` integer,
	`product_ids` text,
	`starts` text,
	`ends` text,
	`max_uses` integer,
	`once_per_buyer` integer DEFAULT false NOT NULL,
	`uses` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`removed_at` integer,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "discount_codes_one_kind" CHECK(("discount_codes"."percent_off_bp" is null) <> ("discount_codes"."amount_off_cents" is null)),
	CONSTRAINT "discount_codes_uses_limit" CHECK("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_store_code_unique` ON `discount_codes` (`store_id`,lower("code")) WHERE "discount_codes"."removed_at" is null;--> statement-breakpoint
CREATE TABLE `discount_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`checkout_id` integer NOT NULL,
	`status` text DEFAULT 'reserved' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`checkout_id`) REFERENCES `checkouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_redemptions_checkout_unique` ON `discount_redemptions` (`checkout_id`);--> statement-breakpoint
CREATE INDEX `discount_redemptions_code_user_idx` ON `discount_redemptions` (`code_id`,`user_id`,`status`);--> statement-breakpoint
ALTER TABLE `carts` ADD `discount_code` text;--> statement-breakpoint
ALTER TABLE `checkout_lines` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `discount_code_id` integer REFERENCES discount_codes(id);--> statement-breakpoint
ALTER TABLE `checkouts` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_cents` integer DEFAULT 0 NOT NULL;