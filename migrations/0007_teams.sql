CREATE TABLE `team_memberships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`member_id` integer,
	`invited_email` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`invite_ref` text NOT NULL,
	`token_hash` text,
	`expires_at` integer NOT NULL,
	`invited_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`accepted_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_memberships_token_hash_unique` ON `team_memberships` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `team_memberships_invite_ref_unique` ON `team_memberships` (`invite_ref`);--> statement-breakpoint
CREATE UNIQUE INDEX `team_memberships_owner_member_unique` ON `team_memberships` (`owner_id`,`member_id`) WHERE "team_memberships"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `team_memberships_owner_pending_email_unique` ON `team_memberships` (`owner_id`,`invited_email`) WHERE "team_memberships"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `team_memberships_member_idx` ON `team_memberships` (`member_id`,`status`);--> statement-breakpoint
CREATE INDEX `team_memberships_owner_created_idx` ON `team_memberships` (`owner_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `transcripts` ADD `created_by` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
-- Every transcript so far was made by its owner.
UPDATE `transcripts` SET `created_by` = `owner_id`;