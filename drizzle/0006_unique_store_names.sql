-- Store names are unique whatever their case and surrounding spaces (docs/decisions/092-unique-store-names.md).
-- A database deployed before this migration may hold duplicates: the oldest store keeps its name, each later one
-- gets ' (2)', ' (3)', … in the order the stores were opened. A renamed store that lands on a name another store
-- already had is renamed once more (the store that had the name keeps it). Stores without a name do not count.
-- New names are worked out from a snapshot first, then written, so no row's new name depends on another's.
CREATE TEMP TABLE `store_renames` (`id` integer PRIMARY KEY, `name` text NOT NULL, `pass` integer NOT NULL);--> statement-breakpoint
INSERT INTO `store_renames` (`id`, `name`, `pass`)
  SELECT `id`, trim(`name`) || ' (' || `n` || ')', 1 FROM (
    SELECT `id`, `name`, row_number() OVER (PARTITION BY lower(trim(`name`)) ORDER BY `id`) AS `n`
    FROM `stores` WHERE trim(`name`) <> ''
  ) WHERE `n` > 1;--> statement-breakpoint
UPDATE `stores` SET `name` = (SELECT `r`.`name` FROM `store_renames` AS `r` WHERE `r`.`id` = `stores`.`id`)
  WHERE `id` IN (SELECT `id` FROM `store_renames`);--> statement-breakpoint
INSERT INTO `store_renames` (`id`, `name`, `pass`)
  SELECT `id`, `name` || ' (' || `n` || ')', 2 FROM (
    SELECT `id`, `name`, row_number() OVER (
      PARTITION BY lower(trim(`name`)) ORDER BY `id` IN (SELECT `id` FROM `store_renames`), `id`
    ) AS `n`
    FROM `stores` WHERE trim(`name`) <> ''
  ) WHERE `n` > 1
  ON CONFLICT (`id`) DO UPDATE SET `name` = `excluded`.`name`, `pass` = 2;--> statement-breakpoint
UPDATE `stores` SET `name` = (SELECT `r`.`name` FROM `store_renames` AS `r` WHERE `r`.`id` = `stores`.`id`)
  WHERE `id` IN (SELECT `id` FROM `store_renames` WHERE `pass` = 2);--> statement-breakpoint
DROP TABLE `store_renames`;--> statement-breakpoint
CREATE UNIQUE INDEX `stores_name_unique` ON `stores` (lower(trim("name"))) WHERE trim("stores"."name") <> '';
