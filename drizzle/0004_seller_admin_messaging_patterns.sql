CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `pattern_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`version` integer NOT NULL,
	`file` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pattern_versions_product_version_unique` ON `pattern_versions` (`product_id`,`version`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- The stores table is rebuilt to drop its balance >= 0 check (a refund after a payout may leave a store owing the
-- platform; withdrawals keep their conditional update). openDatabase() runs migrations with foreign keys off, so
-- dropping the old table cascades nothing; the FTS triggers that read stores are dropped and made again around it.
DROP TRIGGER IF EXISTS `products_fts_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_store_name`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_stores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`avatar` text,
	`bio` text DEFAULT '' NOT NULL,
	`balance_cents` integer DEFAULT 0 NOT NULL,
	`stripe_account_id` text,
	`stripe_onboarded` integer DEFAULT false NOT NULL,
	`account_name` text DEFAULT '' NOT NULL,
	`account_number` text DEFAULT '' NOT NULL,
	`account_last4` text DEFAULT '' NOT NULL,
	`account_routing` text DEFAULT '' NOT NULL,
	`account_type` text DEFAULT 'checking' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_stores`("id", "user_id", "name", "avatar", "bio", "balance_cents", "stripe_account_id", "stripe_onboarded", "account_name", "account_number", "account_last4", "account_routing", "account_type", "created_at") SELECT "id", "user_id", "name", "avatar", "bio", "balance_cents", "stripe_account_id", "stripe_onboarded", "account_name", "account_number", '', "account_routing", "account_type", "created_at" FROM `stores`;--> statement-breakpoint
DROP TABLE `stores`;--> statement-breakpoint
ALTER TABLE `__new_stores` RENAME TO `stores`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `stores_user_unique` ON `stores` (`user_id`);--> statement-breakpoint
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
CREATE TRIGGER `products_fts_store_name` AFTER UPDATE OF name ON `stores` BEGIN
  UPDATE products_fts SET store_name = new.name WHERE rowid IN (SELECT id FROM products WHERE store_id = new.id);
END;
--> statement-breakpoint
ALTER TABLE `checkouts` ADD `payment_intent_id` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `a_read_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `b_read_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `a_notified_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `b_notified_at` integer;--> statement-breakpoint
CREATE INDEX `conversations_a_idx` ON `conversations` (`user_a`,`last_message_at`);--> statement-breakpoint
ALTER TABLE `messages` ADD `order_id` integer REFERENCES orders(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `label_shipment_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `provider_refund_id` text;--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `admin_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `transactions` ADD `processed_at` integer;--> statement-breakpoint
CREATE INDEX `transactions_type_status_idx` ON `transactions` (`tx_type`,`status`);--> statement-breakpoint
ALTER TABLE `users` ADD `bio` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `message_emails` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);