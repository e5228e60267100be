ALTER TABLE `reviews` ADD `tester_copy` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tester_applications` ADD `size` text;--> statement-breakpoint
ALTER TABLE `tester_calls` ADD `closed_at` integer;--> statement-breakpoint
UPDATE `reviews` SET `tester_copy` = 1 WHERE `order_id` IN (SELECT `id` FROM `orders` WHERE `tester_copy` = 1);
--> statement-breakpoint
UPDATE `orders` SET `digital_consent_at` = NULL WHERE `tester_copy` = 1;--> statement-breakpoint
UPDATE `checkouts` SET `digital_consent_at` = NULL WHERE `id` IN (SELECT `checkout_id` FROM `orders` WHERE `tester_copy` = 1);
