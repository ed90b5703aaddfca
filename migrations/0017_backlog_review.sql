ALTER TABLE `integration_exports` ADD `placements` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `integration_exports` ADD `epic_chosen` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `integrations` ADD `epic` text;