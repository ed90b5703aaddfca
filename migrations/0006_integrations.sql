CREATE TABLE `integration_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`integration_id` integer NOT NULL,
	`transcript_id` integer NOT NULL,
	`ref` text NOT NULL,
	`claim_token` text,
	`claimed_until` integer,
	`in_doubt` integer DEFAULT false NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`target_key` text,
	`target_url` text,
	`story_keys` text DEFAULT '[]' NOT NULL,
	`blocks_done` integer DEFAULT 0 NOT NULL,
	`blocks_total` integer DEFAULT 0 NOT NULL,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`integration_id`) REFERENCES `integrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transcript_id`) REFERENCES `transcripts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integration_exports_target_unique` ON `integration_exports` (`integration_id`,`transcript_id`);--> statement-breakpoint
CREATE INDEX `integration_exports_transcript_idx` ON `integration_exports` (`transcript_id`);--> statement-breakpoint
CREATE TABLE `integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`settings` text NOT NULL,
	`secret_sealed` text NOT NULL,
	`secret_ref` text NOT NULL,
	`secret_mask` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `integrations_project_idx` ON `integrations` (`project_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `integrations_secret_ref_unique` ON `integrations` (`secret_ref`);