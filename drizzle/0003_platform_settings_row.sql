-- The one settings row always exists; its values are the column defaults until an administrator saves others.
INSERT OR IGNORE INTO `platform_settings` (`id`) VALUES (1);
