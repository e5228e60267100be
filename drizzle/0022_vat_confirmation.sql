ALTER TABLE `checkouts` ADD `company_name` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `vat_check_source` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `vat_check_ref` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `vat_check_name` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `vat_check_address` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `vat_checked_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `company_name` text DEFAULT '' NOT NULL;