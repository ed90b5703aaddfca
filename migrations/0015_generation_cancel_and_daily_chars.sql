CREATE TABLE `generation_chars_daily` (
	`user_id` integer NOT NULL,
	`day` integer NOT NULL,
	`chars` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `generations` ADD `model_started_at` integer;--> statement-breakpoint
ALTER TABLE `transcripts` ADD `generation_started_by` integer REFERENCES users(id) ON DELETE set null;