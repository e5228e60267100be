CREATE TABLE `make_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`make_id` integer NOT NULL,
	`file` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`make_id`) REFERENCES `makes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `make_photos_make_idx` ON `make_photos` (`make_id`,`position`);--> statement-breakpoint
CREATE TABLE `make_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`make_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`make_id`) REFERENCES `makes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `make_reports_unique` ON `make_reports` (`make_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `make_reports_created_idx` ON `make_reports` (`created_at`);--> statement-breakpoint
CREATE TABLE `makes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`size` text NOT NULL,
	`fabric` text DEFAULT '' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`fit_bust` text,
	`fit_waist` text,
	`fit_hip` text,
	`fit_length` text,
	`measurements` text,
	`tester` integer DEFAULT false NOT NULL,
	`hidden_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `makes_product_idx` ON `makes` (`product_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `makes_user_idx` ON `makes` (`user_id`,`created_at`);