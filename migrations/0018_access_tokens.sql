CREATE TABLE `access_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`scopes` text NOT NULL,
	`token_hash` text NOT NULL,
	`last_four` text NOT NULL,
	`expires_at` integer,
	`last_used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `access_tokens_hash_unique` ON `access_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `access_tokens_user_id_idx` ON `access_tokens` (`user_id`);--> statement-breakpoint
-- A plan change that takes away the integrations (anything but pro or enterprise, active or complete: worker/services/plans)
-- ends every token with the export scope, whichever path wrote the subscription (webhook, reconciler, admin, reset).
CREATE TRIGGER `access_tokens_export_ends_with_plan`
AFTER UPDATE OF `tier`, `status` ON `subscriptions`
WHEN NOT (NEW.`tier` IN ('pro', 'enterprise') AND NEW.`status` IN ('active', 'complete'))
BEGIN
  DELETE FROM `access_tokens` WHERE `user_id` = NEW.`user_id` AND ' ' || `scopes` || ' ' LIKE '% export %';
END;
