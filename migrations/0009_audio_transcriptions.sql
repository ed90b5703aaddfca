CREATE TABLE `audio_transcriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`recording_id` text NOT NULL,
	`format` text NOT NULL,
	`bytes` integer NOT NULL,
	`file_name` text NOT NULL,
	`status` text DEFAULT 'stored' NOT NULL,
	`provider` text,
	`characters` integer,
	`error` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audio_transcriptions_recording_unique` ON `audio_transcriptions` (`recording_id`);--> statement-breakpoint
CREATE INDEX `audio_transcriptions_user_created_idx` ON `audio_transcriptions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audio_transcriptions_created_idx` ON `audio_transcriptions` (`created_at`);