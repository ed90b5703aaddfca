DROP INDEX `integration_exports_target_unique`;--> statement-breakpoint
ALTER TABLE `integration_exports` ADD `copy` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `integration_exports` ADD `story_hashes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `integration_exports` ADD `epic_hash` text;--> statement-breakpoint
ALTER TABLE `integration_exports` ADD `synced_at` integer;--> statement-breakpoint
ALTER TABLE `integration_exports` ADD `erase_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `integration_exports_copy_unique` ON `integration_exports` (`integration_id`,`transcript_id`,`copy`);