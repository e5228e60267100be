ALTER TABLE `checkouts` ADD `digital_consent_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `digital_consent_at` integer;