CREATE TABLE `tester_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`call_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`measurements` text,
	`chosen_at` integer,
	`order_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`call_id`) REFERENCES `tester_calls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tester_applications_unique` ON `tester_applications` (`call_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `tester_applications_user_idx` ON `tester_applications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tester_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`sizes` text DEFAULT '[]' NOT NULL,
	`testers` integer NOT NULL,
	`closes_on` text NOT NULL,
	`brief` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "tester_calls_testers_positive" CHECK("tester_calls"."testers" > 0)
);
--> statement-breakpoint
CREATE INDEX `tester_calls_product_idx` ON `tester_calls` (`product_id`);--> statement-breakpoint
CREATE TABLE `tester_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`size` text NOT NULL,
	`notes` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`application_id`) REFERENCES `tester_applications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tester_feedback_unique` ON `tester_feedback` (`application_id`,`size`);--> statement-breakpoint
DROP INDEX `orders_financial_idx`;--> statement-breakpoint
ALTER TABLE `orders` ADD `tester_copy` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_financial_idx` ON `orders` (`created_at`,`amount_cents`,`fee_cents`,`status`,`tester_copy`);