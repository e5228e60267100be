CREATE TABLE `size_chart_rows` (
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`position` integer NOT NULL,
	`height_mm` integer,
	`high_bust_mm` integer,
	`bust_mm` integer,
	`waist_mm` integer,
	`hip_mm` integer,
	`inseam_mm` integer,
	`arm_mm` integer,
	`finished_bust_mm` integer,
	`finished_waist_mm` integer,
	`finished_hip_mm` integer,
	PRIMARY KEY(`product_id`, `size`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_measurements` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`unit` text DEFAULT 'cm' NOT NULL,
	`height_mm` integer,
	`high_bust_mm` integer,
	`bust_mm` integer,
	`waist_mm` integer,
	`hip_mm` integer,
	`inseam_mm` integer,
	`arm_mm` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_measurements_positive" CHECK(coalesce("user_measurements"."height_mm", 1) > 0 AND coalesce("user_measurements"."high_bust_mm", 1) > 0 AND coalesce("user_measurements"."bust_mm", 1) > 0 AND coalesce("user_measurements"."waist_mm", 1) > 0 AND coalesce("user_measurements"."hip_mm", 1) > 0 AND coalesce("user_measurements"."inseam_mm", 1) > 0 AND coalesce("user_measurements"."arm_mm", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE `cart_items` ADD `made_to_measure` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `checkout_lines` ADD `made_to_measure` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `measurements` text;--> statement-breakpoint
ALTER TABLE `products` ADD `made_to_measure` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `size_chart_unit` text DEFAULT 'cm' NOT NULL;