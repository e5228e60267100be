CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`year` integer NOT NULL,
	`seq` integer NOT NULL,
	`number` text NOT NULL,
	`checkout_id` integer NOT NULL,
	`order_id` integer,
	`net_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`data` text NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`checkout_id`) REFERENCES `checkouts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`kind`,`year`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_one_per_checkout` ON `invoices` (`checkout_id`) WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_one_credit_note_per_order` ON `invoices` (`order_id`) WHERE "invoices"."kind" = 'credit-note';--> statement-breakpoint
CREATE INDEX `invoices_checkout_idx` ON `invoices` (`checkout_id`);--> statement-breakpoint
CREATE TABLE `tax_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`country` text NOT NULL,
	`rate_bp` integer NOT NULL,
	`net_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`reverse_charge` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tax_entries_once` ON `tax_entries` (`order_id`,`kind`);--> statement-breakpoint
CREATE INDEX `tax_entries_created_idx` ON `tax_entries` (`created_at`);--> statement-breakpoint
ALTER TABLE `checkout_lines` ADD `tax_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkout_lines` ADD `tax_rate_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `tax_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `tax_country` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `tax_rate_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `vat_number` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `reverse_charge` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `tax_mode` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_rate_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_country` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `reverse_charge` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `platform_settings` ADD `tax_mode` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `platform_settings` ADD `legal_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `platform_settings` ADD `legal_address` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `platform_settings` ADD `vat_number` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `platform_settings` ADD `vies_check` integer DEFAULT false NOT NULL;