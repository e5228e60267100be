ALTER TABLE `products` ADD `layout_widths` text;--> statement-breakpoint
ALTER TABLE `products` ADD `layout_gap_mm` integer;