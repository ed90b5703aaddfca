CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_id_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_expires_at_idx` ON `password_reset_tokens` (`expires_at`);--> statement-breakpoint
ALTER TABLE `transcripts` ADD `previous_stories` text;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `stories_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `generation_started_at` integer;--> statement-breakpoint
CREATE INDEX `transcripts_generation_started_idx` ON `transcripts` (`generation_started_at`) WHERE "transcripts"."generation_started_at" IS NOT NULL;