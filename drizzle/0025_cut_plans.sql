CREATE TABLE `cut_plan_markers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_id` integer NOT NULL,
	`position` integer NOT NULL,
	`material` text NOT NULL,
	`sizes` text NOT NULL,
	`plies` integer NOT NULL,
	`length_mm` real NOT NULL,
	`efficiency` real NOT NULL,
	`layout` text NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `cut_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cut_plan_markers_position` ON `cut_plan_markers` (`plan_id`,`position`);--> statement-breakpoint
CREATE TABLE `cut_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`order_id` integer,
	`version_id` integer NOT NULL,
	`key` text NOT NULL,
	`input` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`steps` integer DEFAULT 0 NOT NULL,
	`error` text,
	`total_mm` real,
	`bound_mm` real,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `pattern_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cut_plans_owner_key` ON `cut_plans` (`user_id`,`key`);--> statement-breakpoint
CREATE INDEX `cut_plans_user_idx` ON `cut_plans` (`user_id`,`created_at`);