ALTER TABLE `pattern_versions` ADD `reader_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pattern_versions` ADD `reading` integer DEFAULT 0 NOT NULL;